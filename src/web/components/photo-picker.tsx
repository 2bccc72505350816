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

/** Photos to upload: images only, several at once, at most `max` in total (extra ones are dropped). */
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
	return (
		<div className="grid gap-4">
			<div>
				<input
					id={id}
					type="file"
					accept="image/*"
					multiple
					disabled={full}
					aria-describedby={`${id}-count`}
					className="peer sr-only"
					onChange={(event) => {
						const files = [...(event.target.files ?? [])];
						event.target.value = "";
						const images = files.filter((f) => f.type.startsWith("image/"));
						if (images.length < files.length) toast.error("Please select image files only");
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
			</div>
			{photos.length > 0 ? (
				<ul className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label="Selected photos">
					{photos.map((file, index) => (
						<Thumbnail
							key={fileKey(file)}
							file={file}
							index={index}
							onRemove={() => onChange(photos.filter((_, i) => i !== index))}
						/>
					))}
				</ul>
			) : null}
		</div>
	);
}
