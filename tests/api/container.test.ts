import fs from "node:fs";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_NAMES, parseEnv } from "../../src/server/env.ts";

/**
 * The container image and the two-instance deployment, checked without Docker (none here): the
 * Dockerfile by a Dockerfile linter and by what it must do, the compose file against the app's
 * settings. README, Deployment, says they were not run here.
 */
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
type Service = {
	image?: string;
	build?: unknown;
	ports?: string[];
	environment?: Record<string, string>;
	healthcheck?: { test: string[] };
	depends_on?: Record<string, { condition: string }>;
	restart?: string;
	stop_grace_period?: string;
	volumes?: string[];
};
const compose = parse(fs.readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
	services: Record<string, Service>;
};
const services = compose.services;

/** Compose's `${NAME:-default}` and `${NAME:?message}` as Docker would fill them from `.env`. */
const interpolate = (value: string) =>
	String(value).replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_, name: string, fallback?: string) =>
		name === "AUTH_SECRET"
			? "x".repeat(32)
			: name.endsWith("PASSWORD")
				? "a-password"
				: (fallback ?? ""),
	);

const instructions = dockerfile
	.replace(/\\\n/g, " ")
	.split("\n")
	.map((l) => l.trim())
	.filter((l) => l && !l.startsWith("#"));

describe("Dockerfile", () => {
	it("passes the Dockerfile linter without a problem", () => {
		expect(validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
		// The linter does find problems: two CMDs, an empty HEALTHCHECK, a relative WORKDIR.
		expect(
			validate("FROM node:20-slim\nWORKDIR app\nHEALTHCHECK\nCMD a\nCMD b\n").length,
		).toBeGreaterThan(1);
	});

	it("builds in stages on Node 20 slim and runs the built app as a user without privileges", () => {
		const froms = instructions.filter((l) => l.startsWith("FROM "));
		expect(froms.length).toBeGreaterThanOrEqual(2);
		for (const from of froms) expect(from).toMatch(/^FROM node:20-slim\b/);
		const last = instructions.slice(instructions.lastIndexOf(froms.at(-1)!));
		expect(last).toContain("USER node");
		expect(dockerfile).toMatch(/npm ci --omit=dev/);
		expect(last.find((l) => l.startsWith("CMD"))).toBe('CMD ["node", "build/app-server/index.js"]');
		// What the server reads at run time: its bundle, the web build, the migrations.
		expect(fs.readFileSync("scripts/build-server.mjs", "utf8")).toContain(
			'outfile: "build/app-server/index.js"',
		);
		for (const copied of ["/app/build ./build", "drizzle ./drizzle", "/app/node_modules"])
			expect(
				last.some((l) => l.startsWith("COPY") && l.includes(copied)),
				copied,
			).toBe(true);
		expect(last.find((l) => l.startsWith("HEALTHCHECK"))).toMatch(/\/api\/health/);
		expect(last).toContain("STOPSIGNAL SIGTERM");
		expect(fs.readFileSync(".dockerignore", "utf8")).toMatch(/^node_modules$/m);
	});
});

describe("docker-compose.yml", () => {
	const apps = Object.entries(services).filter(([, s]) =>
		s.image?.startsWith("buckeye-holiday-lights"),
	);

	it("runs two app instances, PostgreSQL, MinIO and a reverse proxy, each image pinned", () => {
		expect(apps.map(([name]) => name)).toEqual(["app1", "app2"]);
		expect(services.postgres?.image).toMatch(/^postgres:\d+/);
		expect(services.minio?.image).toMatch(/^minio\/minio:RELEASE\./);
		expect(services.proxy?.image).toMatch(/^caddy:\d/);
		for (const [name, s] of Object.entries(services)) {
			if (apps.some(([app]) => app === name)) expect(s.build, name).toBe(".");
			else expect(s.image, name).toMatch(/:(?!latest$)[\w.-]+$/);
		}
	});

	it("gives each app instance only settings the app knows, valid together, on the shared database and bucket", () => {
		for (const [name, app] of apps) {
			const env = Object.fromEntries(
				Object.entries(app.environment ?? {}).map(([k, v]) => [k, interpolate(v)]),
			);
			for (const key of Object.keys(env)) expect(ENV_NAMES, `${name}: ${key}`).toContain(key);
			const parsed = parseEnv(env);
			expect(parsed.DATABASE_URL).toMatch(/@postgres:5432\//);
			expect(parsed.S3_BUCKET).toBe("holiday-lights-files");
			expect(parsed.S3_ENDPOINT).toBe("http://minio:9000");
			expect(parsed.S3_FORCE_PATH_STYLE).toBe(true);
			expect(parsed.TRUST_PROXY).toBe(1);
			expect(parsed.DATA_DIR).toBe("/data");
			// Each host its own disk.
			expect(app.volumes).toEqual([`${name}-data:/data`]);
			// Docker waits longer than the server drains.
			expect(Number.parseInt(app.stop_grace_period ?? "10", 10) * 1000).toBeGreaterThan(
				parsed.SHUTDOWN_GRACE_MS,
			);
			expect(app.depends_on?.postgres?.condition).toBe("service_healthy");
		}
	});

	it("publishes only the proxy's ports", () => {
		expect(services.proxy?.ports).toEqual(["80:80", "443:443"]);
		for (const [name, s] of Object.entries(services))
			if (name !== "proxy") expect(s.ports, name).toBeUndefined();
	});

	it("checks the health of every long-running service, the app's through /api/health", () => {
		for (const [name, s] of Object.entries(services)) {
			if (s.restart === "no") continue; // a one-off job
			expect(s.healthcheck?.test?.[0], name).toBe("CMD");
		}
		for (const [name, app] of apps)
			expect(app.healthcheck?.test.join(" "), name).toContain(
				`127.0.0.1:${app.environment?.PORT}/api/health`,
			);
		expect(services.proxy?.depends_on?.app1?.condition).toBe("service_healthy");
		const caddyfile = fs.readFileSync("deploy/Caddyfile", "utf8");
		expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
		expect(caddyfile).toMatch(/health_uri \/api\/health/);
	});

	it("lists every setting in .env.example", () => {
		const example = fs.readFileSync(".env.example", "utf8");
		for (const name of ENV_NAMES) expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, "m"));
	});
});
