import { PackageSearch } from "lucide-react";
import { useState } from "react";
import { dateFormat } from "../../../../shared/dates.ts";
import {
	BIN_STATE_LABELS,
	type BinDetail,
	type BinState,
	binMovesFrom,
} from "../../../../shared/storage.ts";
import { SelectField } from "../../../components/form-field.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useBin, useScanBin, useStorageLocations } from "../api.ts";
import { showError } from "../show-error.ts";

const when = (iso: string) =>
	dateFormat({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
		new Date(iso),
	);

/** Where a bin sits, as "Rack A, shelf 2". */
export const placeOf = (bin: { location: string | null; shelf: number | null }) =>
	bin.location ? (bin.shelf ? `${bin.location}, shelf ${bin.shelf}` : bin.location) : null;

const STATE_BADGES = {
	stored: "success",
	pulled: "info",
	loaded: "info",
	at_house: "primary",
	returned: "warning",
	missing: "danger",
} as const;

export const BinStateBadge = ({ state }: { state: BinState }) => (
	<Badge variant={STATE_BADGES[state]}>{BIN_STATE_LABELS[state]}</Badge>
);

const ACTION_LABELS = {
	stored: "Store",
	pulled: "Pull",
	loaded: "Load",
	at_house: "At House",
	returned: "Returned",
	missing: "Mark Missing",
} as const satisfies Record<BinState, string>;

/** A bin's page, where its label's QR code leads: who it belongs to, what it holds, its moves. */
export function BinPage({ code }: { code: string }) {
	const bin = useBin(code);
	if (bin.isPending)
		return (
			<p className="text-sm text-muted-foreground" role="status">
				Loading the bin…
			</p>
		);
	if (bin.isError)
		return (
			<div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
				<PackageSearch className="size-8 text-muted-foreground" aria-hidden />
				<p className="font-medium" role="alert">
					{bin.error instanceof ApiError && bin.error.status === 404
						? `No bin has the code ${code}`
						: `Failed to load the bin: ${errorMessage(bin.error)}`}
				</p>
			</div>
		);
	return <BinDetails bin={bin.data} />;
}

function BinDetails({ bin }: { bin: BinDetail }) {
	const place = placeOf(bin);
	return (
		<div className="grid gap-4">
			<div className="grid gap-1">
				<p className="font-mono text-sm font-semibold text-muted-foreground">{bin.code}</p>
				<h1 className="break-words text-3xl font-bold tracking-tight">{bin.customerName}</h1>
				<p className="text-muted-foreground">{bin.street ?? "No address on file"}</p>
				<div className="mt-1 flex flex-wrap items-center gap-2">
					<BinStateBadge state={bin.state} />
					{place ? <span className="text-sm">{place}</span> : null}
				</div>
			</div>
			<section aria-labelledby="bin-contents" className="rounded-lg border bg-card p-4">
				<h2 id="bin-contents" className="text-sm font-medium text-muted-foreground">
					Contents
				</h2>
				<p className="whitespace-pre-line break-words">{bin.contents}</p>
			</section>
			<BinMoves bin={bin} />
			<section aria-labelledby="bin-history" className="grid gap-2">
				<h2 id="bin-history" className="font-semibold">
					History
				</h2>
				<ol className="grid gap-2 text-sm">
					{[...bin.events].reverse().map((e) => (
						<li key={e.id} className="rounded-md border bg-card p-2">
							<p className="font-medium">
								{e.from ? `${BIN_STATE_LABELS[e.from]} → ` : "Added as "}
								{BIN_STATE_LABELS[e.to]}
								{e.place ? ` · ${e.place}` : ""}
							</p>
							<p className="break-words text-muted-foreground">
								{e.by} · {when(e.at)}
							</p>
						</li>
					))}
				</ol>
			</section>
		</div>
	);
}

/** The moves allowed from the bin's state, one button each; Store asks where first. */
function BinMoves({ bin }: { bin: BinDetail }) {
	const scan = useScanBin();
	const locations = useStorageLocations();
	const [storing, setStoring] = useState(false);
	const [locationId, setLocationId] = useState(bin.locationId ?? "");
	const [shelf, setShelf] = useState(bin.shelf ? String(bin.shelf) : "");
	const [errors, setErrors] = useState<Record<string, string>>({});
	const location = locations.data?.locations.find((l) => l.id === locationId);
	const move = (to: BinState) =>
		scan.mutate(
			{
				id: crypto.randomUUID(),
				code: bin.code,
				to,
				locationId: to === "stored" ? locationId || null : null,
				shelf: to === "stored" && shelf ? Number(shelf) : null,
			},
			{
				onSuccess: (r) => {
					toast.success(`${r.bin.code}: ${BIN_STATE_LABELS[r.bin.state]}`);
					setStoring(false);
					setErrors({});
				},
				onError: showError(setErrors),
			},
		);
	const moves = binMovesFrom(bin.state);
	return (
		<section aria-labelledby="bin-moves" className="grid gap-2">
			<h2 id="bin-moves" className="font-semibold">
				Move
			</h2>
			<div className="flex flex-wrap gap-2">
				{moves.map((to) =>
					to === "stored" ? (
						<Button key={to} variant="outline" onClick={() => setStoring(true)}>
							{ACTION_LABELS.stored}…
						</Button>
					) : (
						<Button
							key={to}
							variant={to === "missing" ? "outline" : "default"}
							pending={scan.isPending && scan.variables?.to === to}
							onClick={() => move(to)}
						>
							{ACTION_LABELS[to]}
						</Button>
					),
				)}
			</div>
			{storing ? (
				<form
					className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
					onSubmit={(event) => {
						event.preventDefault();
						if (!locationId) return setErrors({ locationId: "Please choose a location" });
						move("stored");
					}}
				>
					<SelectField
						label="Location"
						value={locationId}
						error={errors.locationId ?? null}
						onChange={(e) => {
							setLocationId(e.target.value);
							setShelf("");
						}}
						options={[
							{ value: "", label: "Choose…" },
							...(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
						]}
					/>
					<SelectField
						label="Shelf"
						value={shelf}
						error={errors.shelf ?? null}
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
					<Button type="submit" pending={scan.isPending && scan.variables?.to === "stored"}>
						Store Here
					</Button>
				</form>
			) : null}
		</section>
	);
}
