import { ImagePlus, Trash2, UserRound } from "lucide-react";
import { useId, useState } from "react";
import {
	CUSTOMER_IMAGE_TYPES,
	CUSTOMER_MESSAGES,
	type CustomerDetail,
	MAX_CUSTOMER_IMAGE_BYTES,
} from "../../../../shared/customers.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { useCustomerImage } from "../api.ts";

/**
 * The customer's picture (or the placeholder), for the page's header. In edit mode it opens a
 * dialog to upload, replace or remove it: JPG, PNG or WebP up to 5 MB, checked here and again by
 * the server.
 */
export function CustomerImage({
	customer,
	editing,
}: {
	customer: CustomerDetail["customer"];
	editing: boolean;
}) {
	const [open, setOpen] = useState(false);
	const { upload, remove } = useCustomerImage(customer.id);
	const inputId = useId();

	const choose = (file: File | undefined) => {
		if (!file) return;
		if (!(CUSTOMER_IMAGE_TYPES as readonly string[]).includes(file.type))
			return void toast.error(CUSTOMER_MESSAGES.notAnImage);
		if (file.size > MAX_CUSTOMER_IMAGE_BYTES)
			return void toast.error(CUSTOMER_MESSAGES.imageTooLarge);
		upload.mutate(file, {
			onSuccess: (res) => {
				toast.success(res.message);
				setOpen(false);
			},
			onError: (error) => toast.error(`Failed to upload image: ${errorMessage(error)}`),
		});
	};

	const picture = (size: "small" | "large") =>
		customer.imageFileId ? (
			<img
				src={`/api/files/${customer.imageFileId}`}
				alt={size === "small" ? customer.name : ""}
				className={cn(
					"shrink-0 rounded-full object-cover",
					size === "small" ? "size-16 sm:size-20" : "size-32",
				)}
			/>
		) : (
			<span
				className={cn(
					"flex shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground",
					size === "small" ? "size-16 sm:size-20" : "size-32",
				)}
			>
				<UserRound className={size === "small" ? "size-8" : "size-14"} aria-hidden />
			</span>
		);

	return (
		<div className="flex shrink-0 flex-col items-center gap-2">
			{editing ? (
				<button
					type="button"
					onClick={() => setOpen(true)}
					className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
					aria-label="Change customer image"
				>
					{picture("small")}
				</button>
			) : (
				picture("small")
			)}
			{editing ? (
				<Button size="sm" variant="outline" onClick={() => setOpen(true)}>
					<ImagePlus aria-hidden />
					Change image
				</Button>
			) : null}
			<Dialog open={open} onOpenChange={setOpen}>
				<DialogContent>
					<DialogHeader>
						<DialogTitle>Customer image</DialogTitle>
						<DialogDescription>JPG, PNG or WebP, up to 5 MB.</DialogDescription>
					</DialogHeader>
					<div className="flex justify-center">{picture("large")}</div>
					<input
						id={inputId}
						type="file"
						accept={CUSTOMER_IMAGE_TYPES.join(",")}
						className="sr-only"
						onChange={(e) => {
							choose(e.target.files?.[0]);
							e.target.value = "";
						}}
					/>
					<div className="grid gap-2 sm:grid-cols-2">
						<Button asChild pending={upload.isPending}>
							<label htmlFor={inputId} className="cursor-pointer">
								{upload.isPending
									? "Uploading..."
									: customer.imageFileId
										? "Replace image"
										: "Upload image"}
							</label>
						</Button>
						{customer.imageFileId ? (
							<Button
								variant="outline"
								pending={remove.isPending}
								onClick={() =>
									remove.mutate(undefined, {
										onSuccess: () => {
											toast.success(CUSTOMER_MESSAGES.imageRemoved);
											setOpen(false);
										},
										onError: (error) =>
											toast.error(`Failed to remove image: ${errorMessage(error)}`),
									})
								}
							>
								<Trash2 aria-hidden />
								Remove image
							</Button>
						) : null}
					</div>
				</DialogContent>
			</Dialog>
		</div>
	);
}
