/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the client build, from
 * React Router's `buildEnd` hook, after the service worker. The server sends the copy the browser
 * takes (serveStatic's `precompressed`, web.routes.ts): compressed once here at the smallest size,
 * not again on every request, which cost a busy server more CPU than anything else a page load asks.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** What is worth compressing: scripts, styles, SVG and the small text files. */
const TEXT = /\.(?:js|css|svg|json|webmanifest|txt|xml)$/;

/** Files smaller than this go as they are: compression saves less than its header costs. */
const SMALLEST = 1024;

export function precompress(clientDir: string) {
	let files = 0;
	let bytes = 0;
	let brotli = 0;
	for (const name of fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
		if (!TEXT.test(name)) continue;
		const file = path.join(clientDir, name);
		const body = fs.readFileSync(file);
		if (body.byteLength < SMALLEST) continue;
		const br = zlib.brotliCompressSync(body, {
			params: {
				[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
				[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
			},
		});
		fs.writeFileSync(`${file}.br`, br);
		fs.writeFileSync(
			`${file}.gz`,
			zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
		);
		files++;
		bytes += body.byteLength;
		brotli += br.byteLength;
	}
	return { files, bytes, brotli };
}
