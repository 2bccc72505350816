// The sign-in flood of bench-signin.mjs, on a thread of its own: the photo downloads it measures
// then wait for the server only, not for this client's own handling of the flood's answers.
import { parentPort, workerData } from "node:worker_threads";

const { base, phase, addresses, seconds, email } = workerData;
const end = Date.now() + seconds * 1000;
const answers = {};
let n = 0;
await Promise.all(
	Array.from({ length: addresses }, async (_, a) => {
		while (Date.now() < end) {
			const i = n++;
			const res = await fetch(`${base}/api/auth/sign-in/email`, {
				method: "POST",
				headers: {
					"content-type": "application/json",
					origin: base,
					"x-forwarded-for": `10.${phase}.${a >> 8}.${a & 255}`,
				},
				// One account guessed again and again, or another e-mail each time.
				body: JSON.stringify({
					email: email ?? `guess-${i}@bench.test`,
					password: `wrong-guess-${i}`,
				}),
			});
			await res.arrayBuffer();
			answers[res.status] = (answers[res.status] ?? 0) + 1;
		}
	}),
);
parentPort.postMessage(answers);
