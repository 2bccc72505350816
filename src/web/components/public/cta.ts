/**
 * Button looks for links on the public pages. Plain class strings (no class merging, no Slot) keep
 * the prerendered pages' JavaScript small.
 */
const base =
	"inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-night [&_svg]:size-4 [&_svg]:shrink-0";

const variants = {
	accent: "bg-accent text-accent-foreground shadow-sm shadow-accent/30 hover:bg-[#f7c65e]",
	primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
	secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/90",
	/** On dark backgrounds. */
	outlineLight: "border border-white/30 bg-white/5 text-night-foreground hover:bg-white/15",
	ghostLight: "text-night-foreground hover:bg-white/10",
	/** On light backgrounds. */
	outline: "border border-input bg-card text-foreground hover:bg-muted",
} as const;

const sizes = {
	sm: "h-9 px-3 text-sm",
	md: "h-11 px-5 text-sm",
	lg: "h-12 px-6 text-base",
} as const;

export function ctaClass(
	variant: keyof typeof variants = "accent",
	size: keyof typeof sizes = "md",
	extra = "",
) {
	return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
