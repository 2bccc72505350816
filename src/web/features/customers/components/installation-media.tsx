import { Camera, ImagePlus, Trash2 } from "lucide-react";
import { useId } from "react";
import {
	type CustomerDetail,
	MAX_INSTALLATION_MEDIA,
	type MediaFile,
} from "../../../../shared/customers.ts";
import { EmptyState } from "../../../components/shell/app-shell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useInstallationMedia, useMyInstallationMedia } from "../api.ts";

function Gallery({
	media,
	onRemove,
}: {
	media: readonly MediaFile[];
	onRemove?: (id: string) => void;
}) {
	return (
		<ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Installation photos">
			{media.map((m, i) => (
				<li key={m.id} className="relative">
					<a href={`/api/files/${m.id}`} target="_blank" rel="noreferrer">
						<img
							src={`/api/files/${m.id}`}
							alt={`The finished display, ${i + 1} of ${media.length}`}
							className="aspect-[4/3] w-full rounded-md object-cover"
							loading="lazy"
						/>
					</a>
					{onRemove ? (
						<button
							type="button"
							aria-label={`Remove installation photo ${i + 1}`}
							onClick={() => onRemove(m.id)}
							className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-full bg-night/80 text-white hover:bg-primary"
						>
							<Trash2 className="size-4" aria-hidden />
						</button>
					) : null}
				</li>
			))}
		</ul>
	);
}

/** The owner's photos of the finished display for this customer: upload and remove. */
export function InstallationMediaCard({ detail }: { detail: CustomerDetail }) {
	const { upload, remove } = useInstallationMedia(detail.customer.id);
	const inputId = useId();
	const canUpload = Boolean(detail.customer.userId);
	return (
		<Card>
			<CardHeader className="flex-row items-center justify-between gap-2">
				<CardTitle>Installation Media</CardTitle>
				{canUpload ? (
					<>
						<input
							id={inputId}
							type="file"
							accept="image/*"
							multiple
							className="sr-only"
							onChange={(e) => {
								const files = [...(e.target.files ?? [])];
								e.target.value = "";
								if (files.length === 0) return;
								if (files.some((f) => !f.type.startsWith("image/")))
									return void toast.error("Please select image files only");
								if (files.length > MAX_INSTALLATION_MEDIA)
									return void toast.error(
										`You can upload at most ${MAX_INSTALLATION_MEDIA} photos at a time`,
									);
								upload.mutate(files, {
									onSuccess: (res) => toast.success(res.message),
									onError: (error) => toast.error(`Upload failed: ${errorMessage(error)}`),
								});
							}}
						/>
						<Button asChild size="sm" variant="outline" pending={upload.isPending}>
							<label htmlFor={inputId} className="cursor-pointer">
								{upload.isPending ? null : <ImagePlus aria-hidden />}
								{upload.isPending ? "Uploading..." : "Upload photos"}
							</label>
						</Button>
					</>
				) : null}
			</CardHeader>
			<CardContent>
				{detail.installationMedia.length === 0 ? (
					<EmptyState icon={Camera}>
						No installation photos yet. The customer sees them on their Home tab.
					</EmptyState>
				) : (
					<Gallery
						media={detail.installationMedia}
						onRemove={(id) =>
							remove.mutate(id, {
								onSuccess: (res) => toast.success(res.message),
								onError: (error) => toast.error(errorMessage(error)),
							})
						}
					/>
				)}
			</CardContent>
		</Card>
	);
}

/** The customer's Home tab: photos of their finished display, once the business adds some. */
export function MyInstallationPhotos() {
	const media = useMyInstallationMedia();
	if (!media.data?.length) return null;
	return (
		<Card>
			<CardHeader>
				<CardTitle>Your Display</CardTitle>
			</CardHeader>
			<CardContent>
				<Gallery media={media.data} />
			</CardContent>
		</Card>
	);
}
