// `npm run bench:contract`: how big a signed contract's PDF is and how long it takes to make.
// 1. BENCH_CONTRACTS (default 100) contracts made in process (text, hash, PDF) with 1 to 8 lines
//    and the default terms: size and time each.
// 2. As many signatures through the API on the embedded database (a customer each, their quote
//    approved first): the time of POST /api/contract/sign, which also stores the file, writes the
//    record and queues both e-mails.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import {
	contractPdf,
	documentHash,
	documentText,
	type SignedDocument,
} from "../src/server/features/contracts/contract-document.ts";
import { DEFAULT_TERMS } from "../src/shared/contracts.ts";
import { approvedCustomer, SIGNATURE } from "../tests/support/builders.ts";
import { startTestApp } from "../tests/support/test-app.ts";

const count = Number(process.env.BENCH_CONTRACTS ?? 100);

const percentile = (sorted: number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const report = (label: string, times: number[]) => {
	const sorted = [...times].sort((a, b) => a - b);
	console.log(
		`${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${times.length} contracts)`,
	);
};

const document = (i: number): SignedDocument => ({
	business: {
		businessName: "Buckeye Holiday Lights",
		address: "123 Main St, Canton, OH 44702",
		phone: "(330) 555-0142",
		email: "hello@buckeyeholidaylights.com",
	},
	customer: { name: `Customer ${i}`, email: `customer${i}@example.test` },
	property: "410 Maple St, Akron, OH 44303",
	seasonId: "2026-27",
	lines: Array.from({ length: 1 + (i % 8) }, (_, n) => ({
		serviceId: randomUUID(),
		name: `Service ${n + 1}`,
		description: "",
		unitPriceCents: 5000 + n * 2500,
		quantity: 1 + (n % 3),
	})),
	totalCents: 65000,
	terms: { version: 1, body: DEFAULT_TERMS, createdAt: new Date() },
	signature: {
		name: `Customer ${i}`,
		accountName: `Customer ${i}`,
		signedAt: new Date(),
		ipAddress: "127.0.0.1",
		userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/140 Mobile",
	},
});

// Warm up the fonts and the JIT once.
await contractPdf(document(0), documentHash(documentText(document(0))));
const made: number[] = [];
const sizes: number[] = [];
for (let i = 0; i < count; i++) {
	const d = document(i);
	const start = performance.now();
	const pdf = await contractPdf(d, documentHash(documentText(d)));
	made.push(performance.now() - start);
	sizes.push(pdf.byteLength);
}
const sortedSizes = [...sizes].sort((a, b) => a - b);
console.log(
	`PDF size: min ${(sortedSizes[0]! / 1024).toFixed(1)} KB, median ${(percentile(sortedSizes, 50) / 1024).toFixed(1)} KB, max ${(sortedSizes.at(-1)! / 1024).toFixed(1)} KB`,
);
report("make the PDF (in process)", made);

// A bench signs up more customers in an hour than the sign-up limit lets one address.
const app = await startTestApp({ rateLimits: { signUp: { windowMs: 3_600_000, max: 10_000 } } });
try {
	const signed: number[] = [];
	let owner: Awaited<ReturnType<typeof approvedCustomer>>["owner"] | undefined;
	for (let i = 0; i < count; i++) {
		const customer = await approvedCustomer(app, { owner, email: `bench${i}@example.test` });
		owner = customer.owner;
		const start = performance.now();
		const res = await customer.client.post("/api/contract/sign", SIGNATURE);
		signed.push(performance.now() - start);
		if (res.status !== 200) throw new Error(`signing failed: ${res.status} ${res.text}`);
	}
	report("sign through the API (PDF, file, record, e-mails)", signed);
} finally {
	await app.close();
}
