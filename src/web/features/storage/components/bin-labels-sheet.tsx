import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useKeepScreen } from "../../../lib/kept-screen.ts";
import { useBinLabels } from "../api.ts";

/** Labels per US Letter page: 2 across, 5 down, 4 × 2 in each (Avery 5163 and the like). */
const PER_PAGE = 10;

/**
 * A customer's label sheet: each label the bin's QR code (its page on this product), the code in
 * large letters, the customer's name and street. Printed, it fills US Letter label sheets of
 * 2 × 5 labels; on screen it shows the same pages. Once made, the sheet is kept on the device as
 * its screen (decision 050).
 */
export function BinLabelsSheet({ customerId }: { customerId: string }) {
	const labels = useBinLabels(customerId);
	useKeepScreen(labels.isPending ? null : customerId);
	const pages = [];
	for (let i = 0; i < (labels.data?.labels.length ?? 0); i += PER_PAGE)
		pages.push(labels.data!.labels.slice(i, i + PER_PAGE));
	return (
		<main data-screen className="min-h-dvh bg-muted/40 print:min-h-0 print:bg-white">
			<style>{"@page { size: 8.5in 11in; margin: 0; }"}</style>
			<div className="mx-auto flex max-w-[8.5in] flex-wrap items-center justify-between gap-2 p-4 print:hidden">
				<Button asChild variant="ghost" size="sm">
					<Link to={`/owner/customer/${customerId}?tab=storage`}>
						<ArrowLeft aria-hidden /> Back
					</Link>
				</Button>
				<div className="min-w-0">
					<h1 className="break-words text-lg font-semibold">
						Bin labels{labels.data?.labels[0] ? `: ${labels.data.labels[0].customerName}` : ""}
					</h1>
					<p className="text-sm text-muted-foreground">
						US Letter, 2 × 5 labels of 4 × 2 in (Avery 5163). Print at 100%.
					</p>
				</div>
				<Button size="sm" onClick={() => window.print()} disabled={pages.length === 0}>
					<Printer aria-hidden /> Print Labels
				</Button>
			</div>
			{labels.isPending ? (
				<p className="p-8 text-center text-sm text-muted-foreground" role="status">
					Making the labels…
				</p>
			) : labels.isError ? (
				<p className="p-8 text-center text-sm text-destructive" role="alert">
					Failed to make the labels: {errorMessage(labels.error)}
				</p>
			) : pages.length === 0 ? (
				<p className="p-8 text-center text-sm text-muted-foreground">
					This customer has no bins yet: add them on the customer's Storage tab.
				</p>
			) : (
				// Wider than a phone: the pages scroll sideways, and the keyboard can scroll them too.
				<section
					aria-label="Label pages"
					// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
					tabIndex={0}
					className="overflow-x-auto pb-8 print:overflow-visible print:p-0"
				>
					{pages.map((page, n) => (
						<section
							// biome-ignore lint/suspicious/noArrayIndexKey: pages are positions
							key={n}
							aria-label={`Label page ${n + 1}`}
							className="mx-auto mb-6 box-border grid h-[11in] w-[8.5in] shrink-0 grid-cols-[4in_4in] grid-rows-[repeat(5,2in)] content-start gap-x-[0.19in] bg-white px-[0.155in] pt-[0.5in] shadow print:mb-0 print:break-before-page print:shadow-none print:first:break-before-auto"
						>
							{page.map((label) => (
								<article
									key={label.code}
									className="box-border flex h-[2in] w-[4in] items-center gap-[0.15in] overflow-hidden px-[0.15in] text-black outline-dashed outline-1 outline-gray-300 print:outline-none"
								>
									<img
										src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(label.qrSvg)}`}
										alt={`QR code of ${label.code}`}
										className="size-[1.7in] shrink-0"
									/>
									<div className="grid min-w-0 gap-[0.05in]">
										<p className="font-mono text-[26pt] leading-none font-bold">{label.code}</p>
										<p className="line-clamp-2 break-words text-[12pt] leading-tight font-semibold">
											{label.customerName}
										</p>
										<p className="line-clamp-2 break-words text-[10pt] leading-tight">
											{label.street ?? ""}
										</p>
									</div>
								</article>
							))}
						</section>
					))}
				</section>
			)}
		</main>
	);
}
