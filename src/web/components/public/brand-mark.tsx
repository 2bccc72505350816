/** Four warm C9 bulbs on a wire: the brand's mark. */
export function BrandMark({ className }: { className?: string }) {
	return (
		<svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
			<rect width="64" height="64" rx="14" fill="#1b2a40" />
			<path d="M6 22c9 7 17 10 26 10s17-3 26-10" fill="none" stroke="#5b6678" strokeWidth="2" />
			<ellipse cx="13" cy="31" rx="5" ry="7.5" fill="#f5b83d" />
			<ellipse cx="25" cy="36" rx="5" ry="7.5" fill="#ef4444" />
			<ellipse cx="39" cy="36" rx="5" ry="7.5" fill="#22c55e" />
			<ellipse cx="51" cy="31" rx="5" ry="7.5" fill="#f5b83d" />
		</svg>
	);
}
