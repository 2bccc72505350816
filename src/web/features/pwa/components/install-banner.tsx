import { X } from "lucide-react";
import { ctaClass } from "../../../components/public/cta.ts";
import { APP_NAME } from "../app-name.ts";
import { hideInstallBanner, promptInstall, useInstallPrompt } from "../install-prompt.ts";

/**
 * 'Later' and the close icon keep the banner away on this device for as long as Chromium keeps its
 * own install offer away once dismissed: three months (decision 051). The browser's offer is still
 * held meanwhile, for Download App.
 */
const DECLINED_AT = "install-offer-declined-at";
const DECLINE_MS = 90 * 24 * 3600 * 1000;

/** Storage the browser refuses reads as never declined: the banner shows, as the browser offers. */
function declinedLately(): boolean {
	try {
		return Date.now() - Number(localStorage.getItem(DECLINED_AT)) < DECLINE_MS;
	} catch {
		return false;
	}
}

function decline() {
	try {
		localStorage.setItem(DECLINED_AT, String(Date.now()));
	} catch {
		// storage refused: hidden for this page only
	}
	hideInstallBanner();
}

/**
 * SPEC section 4, install banner: shown only while the browser offers an install prompt.
 * 'Install' shows that prompt; 'Later' and the close icon decline it (`decline`). `aboveTabs`: the
 * page has bottom tabs fixed at the bottom of the screen (the app areas), and the banner sits above.
 */
export function InstallBanner({ aboveTabs }: { aboveTabs: boolean }) {
	const { bannerOpen } = useInstallPrompt();
	if (!bannerOpen || declinedLately()) return null;
	return (
		<section
			aria-labelledby="install-banner-title"
			className={`fixed inset-x-3 z-50 mx-auto max-w-md rounded-xl bg-night p-4 text-night-foreground shadow-2xl shadow-black/30 ring-1 ring-white/15 ${
				aboveTabs
					? "bottom-[calc(4.75rem+env(safe-area-inset-bottom))]"
					: "bottom-[calc(0.75rem+env(safe-area-inset-bottom))]"
			}`}
		>
			<div className="flex items-start gap-3">
				<img
					src="/pwa-192x192.png"
					alt=""
					width={48}
					height={48}
					className="size-12 shrink-0 rounded-lg ring-1 ring-white/15"
				/>
				<div className="min-w-0 flex-1">
					<h2 id="install-banner-title" className="font-semibold leading-snug">
						Install {APP_NAME}
					</h2>
					<p className="mt-0.5 text-sm text-night-foreground/80">
						Get the full app experience with offline access
					</p>
				</div>
				<button
					type="button"
					aria-label="Dismiss"
					onClick={decline}
					className="-mr-2 -mt-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-night-foreground/80 hover:bg-white/10 hover:text-night-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
				>
					<X className="size-5" aria-hidden />
				</button>
			</div>
			<div className="mt-3 flex justify-end gap-2">
				<button type="button" onClick={decline} className={ctaClass("ghostLight", "sm")}>
					Later
				</button>
				<button
					type="button"
					onClick={() => void promptInstall()}
					className={ctaClass("accent", "sm", "px-5")}
				>
					Install
				</button>
			</div>
		</section>
	);
}
