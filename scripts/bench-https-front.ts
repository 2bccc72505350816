/**
 * The reverse proxy `npm run bench:web` measures through: HTTPS with HTTP/2 in front of the app
 * server's plain HTTP/1.1, as Caddy is in production (deploy/Caddyfile: with the site's domain set
 * it serves HTTPS, and HTTP/2, on its own; a service worker needs HTTPS anyway). Like Caddy it
 * passes the Host header on and says who the client is and that it came in on HTTPS
 * (X-Forwarded-For, X-Forwarded-Proto); answers stream through as they are written (the live
 * stream). The certificate is a throwaway one made with `openssl` for localhost; the browser is
 * told to accept it (--ignore-certificate-errors).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** Headers that belong to one connection: HTTP/2 forbids them, the upstream sets its own. */
const HOP_BY_HOP = [
	"connection",
	"keep-alive",
	"proxy-connection",
	"transfer-encoding",
	"upgrade",
	"http2-settings",
	"te",
];

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-https-"));
	try {
		const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
		const made = spawnSync(
			"openssl",
			[
				"req",
				"-x509",
				"-newkey",
				"ec",
				"-pkeyopt",
				"ec_paramgen_curve:prime256v1",
				"-nodes",
				"-days",
				"2",
				"-subj",
				"/CN=localhost",
				"-addext",
				"subjectAltName=DNS:localhost,IP:127.0.0.1",
				"-keyout",
				key,
				"-out",
				cert,
			],
			{ encoding: "utf8" },
		);
		if (made.status !== 0)
			throw new Error(`openssl could not make a certificate: ${made.stderr || made.error}`);
		return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** An HTTPS and HTTP/2 front for the server at `upstream` (http://host:port). */
export async function startHttpsFront(
	upstream: string,
): Promise<{ url: string; stop(): Promise<void> }> {
	const target = new URL(upstream);
	const front = http2.createSecureServer(
		{ ...selfSignedCertificate(), allowHTTP1: true },
		(req, res) => {
			const headers: http.OutgoingHttpHeaders = {};
			for (const [name, value] of Object.entries(req.headers))
				if (!name.startsWith(":") && !HOP_BY_HOP.includes(name)) headers[name] = value;
			headers.host = req.headers[":authority"] ?? req.headers.host;
			headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
			headers["x-forwarded-proto"] = "https";
			const proxied = http.request(
				{
					host: target.hostname,
					port: target.port,
					method: req.method,
					path: req.url,
					headers,
				},
				(answer) => {
					const out: http.OutgoingHttpHeaders = {};
					for (const [name, value] of Object.entries(answer.headers))
						if (!HOP_BY_HOP.includes(name)) out[name] = value;
					res.writeHead(answer.statusCode ?? 502, out);
					answer.pipe(res);
				},
			);
			proxied.on("error", () => {
				if (!res.headersSent) res.writeHead(502);
				res.end();
			});
			// A page that leaves ends its live stream here too.
			res.on("close", () => proxied.destroy());
			req.pipe(proxied);
		},
	);
	await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
	const { port } = front.address() as AddressInfo;
	return {
		url: `https://localhost:${port}`,
		stop: () =>
			new Promise<void>((resolve) => {
				front.close(() => resolve());
				// Open streams (a page's live stream) would keep it waiting.
				setTimeout(resolve, 1_000).unref();
			}),
	};
}
