import type { BrowserContext, ConsoleMessage, WebError } from "@playwright/test";

/** The name of the binding the init script below reports Content Security Policy violations to. */
const CSP_BINDING = "__e2eReportCspViolation";

/** Runs in every document before its own scripts: reports each CSP violation to the test. */
const CSP_LISTENER = `(() => {
	const report = (e) => {
		const send = window[${JSON.stringify(CSP_BINDING)}];
		if (typeof send === "function")
			send({
				directive: e.effectiveDirective || e.violatedDirective,
				blocked: e.blockedURI,
				source: e.sourceFile,
				line: e.lineNumber,
				sample: e.sample,
			}).catch(() => {});
	};
	document.addEventListener("securitypolicyviolation", report, true);
})();`;

interface CspViolation {
	directive: string;
	blocked: string;
	source: string;
	line: number;
	sample: string;
}

/**
 * Collects what goes wrong in the browser during one test: uncaught page errors, console
 * errors and Content Security Policy violations. Console errors matching an allowed pattern
 * (tested against "text (at url)") are expected by that test and not reported; page errors and
 * CSP violations never are.
 */
export class PageErrorWatcher {
	private readonly watched = new WeakMap<BrowserContext, Promise<void>>();
	private readonly allowed: RegExp[];
	private readonly allConsoleErrors: string[] = [];
	readonly pageErrors: string[] = [];
	readonly cspViolations: string[] = [];

	constructor(allowed: readonly RegExp[] = []) {
		this.allowed = [...allowed];
	}

	/**
	 * Expects console errors matching `patterns` in this test (see `failedResource` for the usual
	 * one); it may be called after they were logged.
	 */
	allow(...patterns: RegExp[]): void {
		this.allowed.push(...patterns);
	}

	/** The console errors no allowed pattern matches. */
	get consoleErrors(): string[] {
		return this.allConsoleErrors.filter((text) => !this.allowed.some((re) => re.test(text)));
	}

	/**
	 * Starts watching every page of `context`, present and future; resolves once its pages report
	 * CSP violations (the same promise for every call on one context).
	 */
	watch(context: BrowserContext): Promise<void> {
		let watching = this.watched.get(context);
		if (!watching) {
			watching = this.startWatching(context);
			this.watched.set(context, watching);
		}
		return watching;
	}

	private async startWatching(context: BrowserContext): Promise<void> {
		context.on("weberror", (e) => this.onPageError(e));
		context.on("console", (m) => this.onConsole(m));
		await context.exposeBinding(CSP_BINDING, (_source, v: CspViolation) => {
			this.cspViolations.push(
				`${v.directive} blocked ${v.blocked || "inline"}${v.sample ? ` "${v.sample}"` : ""} at ${v.source}:${v.line}`,
			);
		});
		await context.addInitScript(CSP_LISTENER);
	}

	private onPageError(e: WebError) {
		const error = e.error();
		this.pageErrors.push(`${error.stack ?? `${error.name}: ${error.message}`}`);
	}

	private onConsole(m: ConsoleMessage) {
		if (m.type() !== "error") return;
		const where = m.location().url;
		this.allConsoleErrors.push(where ? `${m.text()} (at ${where})` : m.text());
	}

	/** A report of everything unexpected, or null when the browser stayed quiet. */
	report(): string | null {
		const sections = [
			["Uncaught page errors", this.pageErrors],
			["Console errors", this.consoleErrors],
			["Content Security Policy violations", this.cspViolations],
		] as const;
		const lines = sections
			.filter(([, items]) => items.length > 0)
			.map(([title, items]) => `${title}:\n${items.map((i) => `  - ${i}`).join("\n")}`);
		return lines.length > 0 ? lines.join("\n") : null;
	}
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The console error Chromium logs when a request of the page to `path` (on the app's origin,
 * without query; a trailing `*` matches any rest) answers `status`, or fails for want of a
 * network ("offline").
 */
export function failedResource(status: number | "offline", path: string): RegExp {
	const reason =
		status === "offline"
			? "net::ERR_INTERNET_DISCONNECTED"
			: `the server responded with a status of ${status} \\([^)]*\\)`;
	const where = path.endsWith("*") ? `${escapeRegExp(path.slice(0, -1))}[^)]*` : escapeRegExp(path);
	return new RegExp(`^Failed to load resource: ${reason} \\(at https?://[^/]+${where}\\)$`);
}
