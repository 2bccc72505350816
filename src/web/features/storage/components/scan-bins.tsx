import { AlertTriangle, Camera, CameraOff, CheckCircle2, CloudOff, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
	BIN_STATE_LABELS,
	type BinScanResult,
	type BinState,
	SCAN_MODES,
} from "../../../../shared/storage.ts";
import { FormField, SelectField } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { lazySchema } from "../../../lib/use-zod-form.ts";
import { cn } from "../../../lib/utils.ts";
import { useStorageLocations } from "../api.ts";
import {
	enqueueScan,
	flushScans,
	type QueuedScan,
	queuedScans,
	type ScanOutcome,
} from "../scan-queue.ts";
import { BinStateBadge } from "./bin-page.tsx";

type Mode = (typeof SCAN_MODES)[number]["to"];

/** Loaded with the camera, or with the first code typed. */
const binCodeSchema = lazySchema(() => import("../../../../shared/storage.ts"), "binCodeSchema");
type CodeSchema = NonNullable<typeof binCodeSchema.loaded>;

/** A label's text (the bin page's address, or a code typed by hand) as a bin code, or null. */
function codeFromLabel(schema: CodeSchema, text: string): string | null {
	let candidate = text.trim();
	try {
		const url = new URL(candidate);
		const match = /^\/bins\/([^/]+)\/?$/.exec(url.pathname);
		if (!match?.[1]) return null;
		candidate = decodeURIComponent(match[1]);
	} catch {
		// Not an address: a code as printed.
	}
	const parsed = schema.safeParse(candidate);
	return parsed.success ? parsed.data : null;
}

/** Where each state stands in the season's order, to say which of a customer's bins lag behind. */
const ORDER: Partial<Record<BinState, number>> = { stored: 0, pulled: 1, loaded: 2, at_house: 3 };

/** The customer's other bins that are not where this scan's mode needs them. */
function lagging(mode: Mode, result: BinScanResult) {
	const need = mode === "loaded" ? ORDER.pulled : mode === "at_house" ? ORDER.at_house : undefined;
	if (need === undefined) return [];
	return result.others.filter((b) => (ORDER[b.state] ?? -1) < need);
}

function signal(ok: boolean) {
	navigator.vibrate?.(ok ? 80 : [120, 60, 120]);
	try {
		const audio = new AudioContext();
		const tone = audio.createOscillator();
		const gain = audio.createGain();
		tone.frequency.value = ok ? 880 : 220;
		gain.gain.value = 0.2;
		tone.connect(gain).connect(audio.destination);
		tone.start();
		tone.stop(audio.currentTime + (ok ? 0.12 : 0.35));
		tone.onended = () => void audio.close();
	} catch {
		// No sound on this device: the vibration and the screen say it.
	}
}

type Shown =
	| { kind: "done"; mode: Mode; result: BinScanResult }
	| { kind: "refused"; code: string; message: string }
	| { kind: "queued"; code: string };

/**
 * Scan Bins: the camera reads labels one after another (or a code is typed); each scan moves the
 * bin to the chosen step of the day, with a beep and the customer's name shown large. Scans wait
 * on the phone while it is offline and go when the network returns.
 */
export function ScanBins() {
	const [mode, setMode] = useState<Mode>("pulled");
	const [locationId, setLocationId] = useState("");
	const [shelf, setShelf] = useState("");
	const [shown, setShown] = useState<Shown | null>(null);
	const [waiting, setWaiting] = useState<QueuedScan[]>([]);
	const [recent, setRecent] = useState<{ id: string; text: string; ok: boolean }[]>([]);
	const [typedError, setTypedError] = useState<string | null>(null);
	const [placeError, setPlaceError] = useState<string | null>(null);
	const locations = useStorageLocations();
	const location = locations.data?.locations.find((l) => l.id === locationId);

	const onOutcome = useCallback((outcome: ScanOutcome) => {
		const mode = outcome.scan.to as Mode;
		if (outcome.ok) {
			const { bin } = outcome.result;
			setShown({ kind: "done", mode, result: outcome.result });
			setRecent((r) =>
				[
					{
						id: outcome.scan.id,
						text: `${bin.code} · ${bin.customerName} → ${BIN_STATE_LABELS[bin.state]}`,
						ok: true,
					},
					...r,
				].slice(0, 20),
			);
		} else {
			setShown({ kind: "refused", code: outcome.scan.code, message: outcome.message });
			setRecent((r) =>
				[{ id: outcome.scan.id, text: outcome.message, ok: false }, ...r].slice(0, 20),
			);
		}
		signal(outcome.ok);
	}, []);

	const flush = useCallback(async () => {
		await flushScans(onOutcome);
		setWaiting(queuedScans());
	}, [onOutcome]);

	useEffect(() => {
		setWaiting(queuedScans());
		void flush();
		const online = () => void flush();
		window.addEventListener("online", online);
		return () => window.removeEventListener("online", online);
	}, [flush]);

	/** The latest choices, for the camera's callback. */
	const choice = useRef({ mode, locationId, shelf });
	choice.current = { mode, locationId, shelf };

	const submit = useCallback(
		(code: string) => {
			const { mode, locationId, shelf } = choice.current;
			if (mode === "stored" && !locationId) {
				setPlaceError("Choose where the bins are stored");
				signal(false);
				return;
			}
			const scan = enqueueScan({
				code,
				to: mode,
				locationId: mode === "stored" ? locationId : null,
				shelf: mode === "stored" && shelf ? Number(shelf) : null,
			});
			setWaiting(queuedScans());
			void flushScans(onOutcome).then(() => {
				const left = queuedScans();
				setWaiting(left);
				if (left.some((s) => s.id === scan.id)) {
					setShown({ kind: "queued", code });
					signal(true);
				}
			});
		},
		[onOutcome],
	);

	return (
		<div className="grid gap-4">
			<div>
				<h1 className="text-2xl font-semibold tracking-tight">Scan Bins</h1>
				<p className="text-sm text-muted-foreground">
					Choose what you are doing, then point the camera at each label.
				</p>
			</div>
			<fieldset className="grid gap-2">
				<legend className="mb-2 text-sm font-medium">Each scan means</legend>
				<div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
					{SCAN_MODES.map((m) => (
						<Button
							key={m.to}
							type="button"
							variant={mode === m.to ? "default" : "outline"}
							aria-pressed={mode === m.to}
							className="h-auto min-h-11 whitespace-normal py-2"
							onClick={() => setMode(m.to)}
						>
							{m.label}
						</Button>
					))}
				</div>
			</fieldset>
			{mode === "stored" ? (
				<div className="grid grid-cols-2 gap-3">
					<SelectField
						label="Location"
						value={locationId}
						error={placeError}
						onChange={(e) => {
							setLocationId(e.target.value);
							setShelf("");
							setPlaceError(null);
						}}
						options={[
							{
								value: "",
								label:
									locations.data?.locations.length === 0
										? "No locations yet (Settings → Storage)"
										: "Choose…",
							},
							...(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
						]}
					/>
					<SelectField
						label="Shelf"
						value={shelf}
						disabled={!location?.shelves}
						onChange={(e) => setShelf(e.target.value)}
						options={[
							{ value: "", label: location?.shelves ? "Any" : "No shelves" },
							...Array.from({ length: location?.shelves ?? 0 }, (_, i) => ({
								value: String(i + 1),
								label: `Shelf ${i + 1}`,
							})),
						]}
					/>
				</div>
			) : null}
			{/* Side by side on a wide screen: the result stays in view beside the camera. */}
			<div className="grid gap-4 lg:grid-cols-2 lg:items-start">
				<CameraScanner onCode={submit} resetKey={`${mode}:${locationId}`} />
				<ScanResult shown={shown} />
			</div>
			<form
				className="grid grid-cols-[1fr_auto] items-end gap-2"
				noValidate
				onSubmit={async (event) => {
					event.preventDefault();
					const target = event.currentTarget;
					const text = String(new FormData(target).get("code") ?? "");
					const code = codeFromLabel(await binCodeSchema.load(), text);
					if (!code) {
						setTypedError(
							text.trim() ? "A bin code looks like BHL-0142" : "Please enter a bin code",
						);
						return;
					}
					setTypedError(null);
					target.reset();
					submit(code);
				}}
			>
				<FormField
					label="Bin code"
					name="code"
					autoComplete="off"
					autoCapitalize="characters"
					placeholder="BHL-0142"
					maxLength={20}
					error={typedError}
				/>
				<Button type="submit" className={typedError ? "mb-7" : undefined}>
					Enter
				</Button>
			</form>
			{waiting.length > 0 ? (
				<p
					className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
					role="status"
				>
					<CloudOff className="size-4 shrink-0" aria-hidden />
					{waiting.length === 1
						? "1 scan is saved on this phone; it is sent when the network returns."
						: `${waiting.length} scans are saved on this phone; they are sent when the network returns.`}
				</p>
			) : null}
			<section aria-labelledby="recent-scans" className="grid gap-2">
				<h2 id="recent-scans" className="text-sm font-medium">
					This session
				</h2>
				{recent.length === 0 ? (
					<p className="text-sm text-muted-foreground">No bins scanned yet.</p>
				) : (
					<ul className="grid gap-1 text-sm">
						{recent.map((r) => (
							<li key={`${r.id}-${r.ok}`} className="flex items-center gap-2 break-words">
								{r.ok ? (
									<CheckCircle2 className="size-4 shrink-0 text-green-700" aria-hidden />
								) : (
									<XCircle className="size-4 shrink-0 text-destructive" aria-hidden />
								)}
								<span className="min-w-0">{r.text}</span>
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	);
}

function ScanResult({ shown }: { shown: Shown | null }) {
	if (!shown)
		return (
			<p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
				The last bin scanned shows here.
			</p>
		);
	if (shown.kind === "queued")
		return (
			<div className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4" role="status">
				<p className="text-3xl font-bold tracking-tight">{shown.code}</p>
				<p className="text-sm">Saved on this phone: it counts when the network returns.</p>
			</div>
		);
	if (shown.kind === "refused")
		return (
			<div className="rounded-lg border-2 border-destructive bg-destructive/5 p-4" role="alert">
				<p className="text-2xl font-bold tracking-tight">{shown.code}</p>
				<p className="font-medium text-destructive">{shown.message}</p>
			</div>
		);
	const { bin } = shown.result;
	const behind = lagging(shown.mode, shown.result);
	return (
		<div className="grid gap-2 rounded-lg border-2 border-green-600 bg-green-50 p-4" role="status">
			<p className="break-words text-3xl font-bold tracking-tight">{bin.customerName}</p>
			<p className="flex flex-wrap items-center gap-2 text-sm">
				<span className="font-mono font-semibold">{bin.code}</span>
				<BinStateBadge state={bin.state} />
				{shown.result.duplicate ? <span>(counted before)</span> : null}
			</p>
			<p className="text-sm text-muted-foreground">{bin.contents}</p>
			{behind.length > 0 ? (
				<p className="flex items-start gap-2 rounded-md bg-amber-100 p-2 text-sm font-medium text-amber-950">
					<AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
					<span>
						{shown.mode === "loaded"
							? `Not all of ${bin.customerName}'s bins are pulled: `
							: `Not all of ${bin.customerName}'s bins are at the house: `}
						{behind.map((b) => `${b.code} (${BIN_STATE_LABELS[b.state]})`).join(", ")}
					</span>
				</p>
			) : null}
		</div>
	);
}

/**
 * The phone's camera, read by qr-scanner (loaded only here; its decoder runs in a worker from our
 * own bundle). The same label held in view counts once for each step of the day and place.
 */
function CameraScanner({
	onCode,
	resetKey,
}: {
	onCode: (code: string) => void;
	/** Another step of the day or another place: the label in view counts again. */
	resetKey: string;
}) {
	const video = useRef<HTMLVideoElement>(null);
	const [on, setOn] = useState(true);
	const [problem, setProblem] = useState<string | null>(null);
	const last = useRef<string | null>(null);
	const handler = useRef(onCode);
	handler.current = onCode;
	useEffect(() => {
		if (resetKey) last.current = null;
	}, [resetKey]);

	useEffect(() => {
		if (!on || !video.current) return;
		let stopped = false;
		let scanner: { stop(): void; destroy(): void } | null = null;
		const element = video.current;
		// The code's rules load with the first label read, not with the page. A failed load has
		// said so (lazySchema); the next label read tries again.
		const read = async (text: string) => {
			const code = codeFromLabel(await binCodeSchema.load(), text);
			// A label held in view counts once, until another is read.
			if (stopped || !code || last.current === code) return;
			last.current = code;
			handler.current(code);
		};
		void (async () => {
			try {
				const { default: QrScanner } = await import("qr-scanner");
				if (stopped) return;
				const instance = new QrScanner(
					element,
					(result) => void read(result.data).catch(() => {}),
					{ preferredCamera: "environment", maxScansPerSecond: 15, returnDetailedScanResult: true },
				);
				scanner = instance;
				await instance.start();
				if (!stopped) setProblem(null);
			} catch (error) {
				if (!stopped)
					setProblem(
						String(error).includes("NotAllowed") || String(error).includes("permission")
							? "The camera is blocked. Allow it in the browser's settings, or type the codes below."
							: "No camera could be opened. Type the codes below.",
					);
			}
		})();
		return () => {
			stopped = true;
			scanner?.stop();
			scanner?.destroy();
		};
	}, [on]);

	return (
		<div className="grid gap-2">
			<div
				className={cn(
					"relative overflow-hidden rounded-lg bg-black",
					on ? "aspect-[4/3]" : "hidden",
				)}
			>
				<video
					ref={video}
					className="size-full object-cover"
					muted
					playsInline
					aria-label="Camera"
				/>
			</div>
			{problem ? (
				<p className="text-sm text-destructive" role="alert">
					{problem}
				</p>
			) : null}
			<Button
				type="button"
				variant="outline"
				className="justify-self-start"
				onClick={() => setOn((v) => !v)}
			>
				{on ? (
					<CameraOff className="size-4" aria-hidden />
				) : (
					<Camera className="size-4" aria-hidden />
				)}
				{on ? "Stop Camera" : "Start Camera"}
			</Button>
		</div>
	);
}
