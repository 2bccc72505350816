import { termsBlocks } from "../../../../shared/contracts.ts";
import { businessDate, formatDate } from "../../../../shared/dates.ts";

/** "Nov 26, 2026": the business date of an instant. */
export const dayOf = (iso: string) => formatDate(businessDate(new Date(iso)));

/** The agreement's text: "## " lines as headings, "- " and "1. " lines as list items. */
export function TermsText({ body }: { body: string }) {
	return (
		<div className="grid gap-2 text-sm leading-relaxed">
			{termsBlocks(body).map((block, i) => {
				const key = `${i}-${block.kind}`;
				if (block.kind === "heading")
					return (
						<h3 key={key} className="mt-2 font-semibold text-foreground">
							{block.text}
						</h3>
					);
				if (block.kind === "item")
					return (
						<p key={key} className="grid grid-cols-[1.5rem_1fr]">
							<span aria-hidden className="text-muted-foreground">
								{block.marker}
							</span>
							<span>{block.text}</span>
						</p>
					);
				return <p key={key}>{block.text}</p>;
			})}
		</div>
	);
}
