import { Download } from "lucide-react";
import type * as React from "react";
import { ctaClass } from "../../../components/public/cta.ts";
import { PageLink } from "../../../components/public/page-link.tsx";
import { APP_NAME } from "../app-name.ts";
import { promptInstall, useInstallPrompt } from "../install-prompt.ts";

/**
 * SPEC section 1, Download App: shows the browser's install prompt when one is held; on an iPhone
 * or iPad (which has no prompt) explains Share, then Add to Home Screen; otherwise it is a link to
 * /app (also what it does before the page's JavaScript has loaded).
 */
export function DownloadAppButton({ className }: { className?: string }) {
	const { event } = useInstallPrompt();

	function onClick(e: React.MouseEvent<HTMLAnchorElement>) {
		if (event) {
			e.preventDefault();
			void promptInstall();
		} else if (isIos() && !isStandalone()) {
			e.preventDefault();
			window.alert(
				`To install ${APP_NAME}, tap the Share button in Safari, then choose Add to Home Screen.`,
			);
		}
	}

	return (
		<PageLink to="/app" onClick={onClick} className={className ?? ctaClass("outlineLight", "lg")}>
			<Download aria-hidden />
			Download App
		</PageLink>
	);
}

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac, but one with a touch screen). */
function isIos(): boolean {
	const { userAgent, maxTouchPoints } = navigator;
	return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** Already running from the home screen. */
function isStandalone(): boolean {
	return (
		("standalone" in navigator && navigator.standalone === true) ||
		window.matchMedia("(display-mode: standalone)").matches
	);
}
