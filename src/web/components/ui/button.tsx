import { cva, type VariantProps } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils.ts";

const buttonVariants = cva(
	"inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
	{
		variants: {
			variant: {
				default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
				secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/90",
				accent: "bg-accent text-accent-foreground shadow-sm hover:bg-accent/90",
				outline: "border border-input bg-card hover:bg-muted",
				ghost: "hover:bg-muted",
				link: "text-primary underline-offset-4 hover:underline",
				destructive: "bg-destructive text-white hover:bg-destructive/90",
			},
			size: {
				default: "h-10 px-4 py-2",
				sm: "h-9 px-3",
				lg: "h-12 px-6 text-base",
				icon: "size-10",
			},
		},
		defaultVariants: { variant: "default", size: "default" },
	},
);

export interface ButtonProps
	extends React.ComponentProps<"button">,
		VariantProps<typeof buttonVariants> {
	asChild?: boolean;
	/** Shows a spinner and disables the button while work is under way. */
	pending?: boolean;
}

export function Button({
	className,
	variant,
	size,
	asChild,
	pending,
	disabled,
	children,
	...props
}: ButtonProps) {
	const Comp = asChild ? Slot.Root : "button";
	return (
		<Comp
			className={cn(buttonVariants({ variant, size }), className)}
			disabled={disabled || pending}
			aria-busy={pending || undefined}
			{...props}
		>
			{asChild ? (
				children
			) : (
				<>
					{pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
					{children}
				</>
			)}
		</Comp>
	);
}
