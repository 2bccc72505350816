/**
 * Spam trap: a field people never see, hear or reach with the keyboard, which simple bots fill in.
 * The server quietly drops submissions that carry a value.
 */
export function Honeypot() {
	return (
		<div
			aria-hidden="true"
			className="pointer-events-none absolute -left-[9999px] top-auto size-px overflow-hidden"
		>
			<label>
				Website
				<input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
			</label>
		</div>
	);
}
