import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { boundaryOf, readForm } from "./form-reader.ts";

/** The body a browser sends for `form`, in chunks of `chunkSize` bytes. */
async function sent(form: FormData, chunkSize = 7) {
	const request = new Request("http://x/", { method: "POST", body: form });
	const bytes = new Uint8Array(await request.arrayBuffer());
	const boundary = boundaryOf(request.headers.get("content-type") ?? "")!;
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (let i = 0; i < bytes.length; i += chunkSize)
				controller.enqueue(bytes.slice(i, i + chunkSize));
			controller.close();
		},
	});
	return { body, boundary, size: bytes.length };
}

describe("readForm", () => {
	it("parses what the platform's FormData sends: text, files with names and types, repeated fields", async () => {
		const form = new FormData();
		form.append("data", JSON.stringify({ notes: "Two maples, é" }));
		form.append("photos", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a é.png");
		form.append("photos", new Blob([new Uint8Array([4])]), "b.jpg");
		const { body, boundary } = await sent(form);
		const read = await readForm(body, { boundary, maxSize: 10_000, maxParts: 3 });
		expect(read).toBeInstanceOf(FormData);
		const parsed = read as FormData;
		expect(parsed.get("data")).toBe(JSON.stringify({ notes: "Two maples, é" }));
		const [a, b] = parsed.getAll("photos") as File[];
		expect(a!.name).toBe("a é.png");
		expect(a!.type).toBe("image/png");
		expect([...new Uint8Array(await a!.arrayBuffer())]).toEqual([1, 2, 3]);
		expect(b!.name).toBe("b.jpg");
		expect(b!.size).toBe(1);
	});

	it("refuses more parts than allowed, and bodies past the size, while they arrive", async () => {
		const form = new FormData();
		for (let i = 0; i < 5; i++) form.append("x", String(i));
		const parts = await sent(form, 3);
		expect(
			await readForm(parts.body, { boundary: parts.boundary, maxSize: 10_000, maxParts: 4 }),
		).toBe("too many parts");
		const large = await sent(form);
		expect(
			await readForm(large.body, {
				boundary: large.boundary,
				maxSize: large.size - 1,
				maxParts: 10,
			}),
		).toBe("too large");
	});

	it("answers 400 for a body that is not a whole form", async () => {
		const body = new Blob([
			'--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end',
		]).stream();
		await expect(readForm(body, { boundary: "b", maxSize: 1000, maxParts: 4 })).rejects.toEqual(
			expect.objectContaining({ status: 400 }),
		);
		await expect(
			readForm(new Blob(["nothing"]).stream(), { boundary: "b", maxSize: 1000, maxParts: 4 }),
		).rejects.toBeInstanceOf(AppError);
	});

	it("finds the boundary, quoted or not", () => {
		expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
		expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
		expect(boundaryOf("application/json")).toBeNull();
		expect(boundaryOf("multipart/form-data")).toBeNull();
	});
});
