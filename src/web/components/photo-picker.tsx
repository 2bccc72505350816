import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "../lib/toast.ts";

const fileIds = new WeakMap<File, number>();
let nextFileId = 0;
/** A stable React key for each chosen file (the same photo may be picked twice). */
function fileKey(file: File): number {
	let id = fileIds.get(file);
	if (id === undefined) {
		id = ++nextFileId;
		fileIds.set(file, id);
	}
	return id;
}

function Thumbnail({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
	const [url, setUrl] = useState<string>();
	useEffect(() => {
		const objectUrl = URL.createObjectURL(file);
		setUrl(objectUrl);
		return () => URL.revokeObjectURL(objectUrl);
	}, [file]);
	return (
		<li className="group relative aspect-square overflow-hidden rounded-lg border bg-muted">
			{url ? <img src={url} alt={file.name} className="size-full object-cover" /> : null}
			<button
				type="button"
				onClick={onRemove}
				aria-label={`Remove photo ${index + 1}`}
				className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-full bg-night/80 text-white shadow hover:bg-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
			>
				<X className="size-4" aria-hidden />
			</button>
		</li>
	);
}

/** Types every browser decodes; others (HEIC) are left to the server, which reads them all. */
const DECODABLE = ["image/jpeg", "image/png", "image/webp", "image/gif"];

/** Whether the browser can draw `file`: a file named .jpg that is not a picture is refused. */
async function decodes(file: File): Promise<boolean> {
	if (!DECODABLE.includes(file.type) || typeof createImageBitmap !== "function") return true;
	// Decoded from the file itself: no object URL to load (the page's CSP allows no such fetch).
	try {
		const bitmap = await createImageBitmap(file);
		bitmap.close();
		return true;
	} catch {
		return false;
	}
}

const unreadablePhotoMessage = (names: string[]) =>
	`${names.join(", ")} ${names.length === 1 ? "is not a photo we can read" : "are not photos we can read"}. Choose JPEG, PNG, WebP, GIF or HEIC images.`;

/**
 * Photos to upload: images only, several at once, at most `max` in total (extra ones are dropped).
 * Each is decoded when added; one that is not a readable image is left out and named under the field.
 */
export function PhotoPicker({
	photos,
	onChange,
	max,
}: {
	photos: readonly File[];
	onChange: (next: File[]) => void;
	max: number;
}) {
	const id = useId();
	const full = photos.length >= max;
	const [error, setError] = useState<string | null>(null);
	return (
		<div className="grid gap-4">
			<div>
				<input
					id={id}
					type="file"
					accept="image/*"
					multiple
					disabled={full}
					aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
					aria-invalid={error ? true : undefined}
					className="peer sr-only"
					onChange={async (event) => {
						const files = [...(event.target.files ?? [])];
						event.target.value = "";
						const typed = files.filter((f) => f.type.startsWith("image/"));
						if (typed.length < files.length) toast.error("Please select image files only");
						const readable = await Promise.all(typed.map(decodes));
						const images = typed.filter((_, i) => readable[i]);
						const unreadable = typed.filter((_, i) => !readable[i]).map((f) => f.name);
						setError(unreadable.length > 0 ? unreadablePhotoMessage(unreadable) : null);
						const room = max - photos.length;
						if (images.length > room) {
							const dropped = images.length - room;
							toast.error(`You can add up to ${max} photos`, {
								description: `${dropped} extra ${dropped === 1 ? "photo was" : "photos were"} not added.`,
							});
						}
						if (room > 0 && images.length > 0) onChange([...photos, ...images.slice(0, room)]);
					}}
				/>
				<label
					htmlFor={id}
					className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/50 px-4 py-8 text-center transition-colors hover:border-primary hover:bg-primary/[0.03] peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
				>
					<ImagePlus className="size-8 text-primary" aria-hidden />
					<span className="font-semibold">Add Photos</span>
					<span className="text-sm text-muted-foreground">
						{full ? "Photo limit reached" : `Images only, up to ${max} photos`}
					</span>
				</label>
				<p id={`${id}-count`} className="mt-2 text-sm text-muted-foreground" aria-live="polite">
					{photos.length}/{max} photos
				</p>
				{error ? (
					<p id={`${id}-error`} className="mt-1 text-sm text-destructive" role="alert">
						{error}
					</p>
				) : null}
			</div>
			{photos.length > 0 ? (
				<ul className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label="Selected photos">
					{photos.map((file, index) => (
						<Thumbnail
							key={fileKey(file)}
							file={file}
							index={index}
							onRemove={() => {
								setError(null);
								onChange(photos.filter((_, i) => i !== index));
							}}
						/>
					))}
				</ul>
			) : null}
		</div>
	);
}
