import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/utils.ts";

const badgeVariants = cva(
	"inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
	{
		variants: {
			variant: {
				default: "bg-muted text-foreground",
				primary: "bg-primary/10 text-primary",
				success: "bg-green-100 text-green-800",
				warning: "bg-amber-100 text-amber-900",
				danger: "bg-red-100 text-red-800",
				info: "bg-sky-100 text-sky-900",
			},
		},
		defaultVariants: { variant: "default" },
	},
);

export function Badge({
	className,
	variant,
	...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
	return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
