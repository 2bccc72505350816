/**
 * Hand-drawn SVG scenes for the public pages: no image files, nothing to download, crisp at any size.
 * All are decorative (aria-hidden); the text beside them says what matters.
 */

const BULBS = ["#f5b83d", "#ef4444", "#22c55e", "#60a5fa", "#fde68a"] as const;

type Point = readonly [number, number];

/** n points evenly spaced from a to b, ends included. */
function along(a: Point, b: Point, n: number): Point[] {
	return Array.from({ length: n }, (_, i) => {
		const t = n === 1 ? 0 : i / (n - 1);
		return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] as const;
	});
}

function Bulb({ at, color }: { at: Point; color: string }) {
	const [x, y] = at;
	return (
		<g>
			<circle cx={x} cy={y + 5} r="9" fill={color} opacity="0.22" />
			<ellipse cx={x} cy={y + 5} rx="3.2" ry="4.8" fill={color} />
			<rect x={x - 1.6} y={y - 1} width="3.2" height="2.6" rx="0.6" fill="#3b4658" />
		</g>
	);
}

function LightRun({
	from,
	to,
	count,
	offset = 0,
}: {
	from: Point;
	to: Point;
	count: number;
	offset?: number;
}) {
	return (
		<g>
			<line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} stroke="#0b1320" strokeWidth="1.5" />
			{along(from, to, count).map((p, i) => (
				<Bulb key={`${p[0]}-${p[1]}`} at={p} color={BULBS[(i + offset) % BULBS.length]!} />
			))}
		</g>
	);
}

function LitTree({ x, base, height }: { x: number; base: number; height: number }) {
	const w = height * 0.62;
	const rows = 5;
	return (
		<g>
			<polygon
				points={`${x},${base - height} ${x - w / 2},${base} ${x + w / 2},${base}`}
				fill="#14532d"
			/>
			<polygon
				points={`${x},${base - height} ${x - w / 2},${base} ${x - w / 6},${base}`}
				fill="#0f3f22"
			/>
			<rect x={x - 4} y={base} width="8" height="10" fill="#3f2a1a" />
			{Array.from({ length: rows }, (_, r) => {
				const y = base - height + ((r + 1) * height) / (rows + 0.6);
				const half = ((y - (base - height)) / height) * (w / 2) - 4;
				return along([x - half, y], [x + half, y + 6], r + 2).map((p, i) => (
					<circle key={`${p[0]}-${p[1]}`} cx={p[0]} cy={p[1]} r="2.3" fill={BULBS[(r + i) % 4]} />
				));
			})}
			<path
				d={`M${x} ${base - height - 9} l2.6 5.4 5.9.9-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.9z`}
				fill="#f5b83d"
			/>
		</g>
	);
}

const STARS: Point[] = [
	[30, 40],
	[80, 22],
	[140, 50],
	[196, 18],
	[262, 36],
	[318, 14],
	[452, 28],
	[470, 96],
	[22, 110],
	[360, 60],
];

/** A two-storey Ohio home at night, its roofline traced in C9 bulbs, trees wrapped in lights. */
export function HouseScene({ className }: { className?: string }) {
	const roofL: Point = [96, 178];
	const peak: Point = [250, 84];
	const roofR: Point = [404, 178];
	return (
		<svg viewBox="0 0 500 380" className={className} aria-hidden focusable="false">
			<defs>
				<linearGradient id="hs-sky" x1="0" y1="0" x2="0" y2="1">
					<stop offset="0" stopColor="#0b1424" />
					<stop offset="1" stopColor="#1f3150" />
				</linearGradient>
				<radialGradient id="hs-moon" cx="0.5" cy="0.5" r="0.5">
					<stop offset="0.55" stopColor="#f8f3ea" stopOpacity="0.35" />
					<stop offset="1" stopColor="#f8f3ea" stopOpacity="0" />
				</radialGradient>
				<radialGradient id="hs-window" cx="0.5" cy="0.6" r="0.7">
					<stop offset="0" stopColor="#ffe7a8" />
					<stop offset="1" stopColor="#f0a93b" />
				</radialGradient>
			</defs>
			<rect width="500" height="380" rx="28" fill="url(#hs-sky)" />
			<circle cx="410" cy="66" r="44" fill="url(#hs-moon)" />
			<circle cx="410" cy="66" r="20" fill="#f8f3ea" />
			<circle cx="418" cy="60" r="18" fill="#16253c" opacity="0.9" />
			{STARS.map(([x, y], i) => (
				<circle
					key={`${x}-${y}`}
					cx={x}
					cy={y}
					r={i % 3 === 0 ? 1.8 : 1.1}
					fill="#f8f3ea"
					opacity="0.8"
				/>
			))}

			{/* snow-covered ground */}
			<path
				d="M0 318 Q120 296 250 306 T500 300 V352 a28 28 0 0 1 -28 28 H28 a28 28 0 0 1 -28 -28z"
				fill="#e6edf5"
			/>
			<path
				d="M0 334 Q160 318 300 328 T500 322 V352 a28 28 0 0 1 -28 28 H28 a28 28 0 0 1 -28 -28z"
				fill="#cfdae6"
			/>

			{/* house */}
			<rect x="330" y="96" width="24" height="50" fill="#2b3a52" />
			<rect x="326" y="92" width="32" height="8" rx="2" fill="#e6edf5" />
			<polygon
				points={`${roofL[0]},${roofL[1]} ${peak[0]},${peak[1]} ${roofR[0]},${roofR[1]}`}
				fill="#1b2739"
			/>
			<path
				d={`M${roofL[0] + 6} ${roofL[1] - 4} L${peak[0]} ${peak[1] + 2} L${roofR[0] - 6} ${roofR[1] - 4}`}
				stroke="#e6edf5"
				strokeWidth="5"
				fill="none"
				strokeLinejoin="round"
				opacity="0.9"
			/>
			<rect x="116" y="178" width="268" height="134" fill="#2e3f59" />
			<rect x="116" y="178" width="268" height="10" fill="#24334a" />
			{/* upstairs gable window */}
			<rect x="232" y="122" width="36" height="36" rx="18" fill="url(#hs-window)" />
			<path d="M250 122v36M232 140h36" stroke="#7a4b12" strokeWidth="2" />
			{/* windows */}
			{[138, 318].map((x) => (
				<g key={x}>
					<rect x={x} y="206" width="44" height="52" rx="3" fill="url(#hs-window)" />
					<path d={`M${x + 22} 206v52M${x} 232h44`} stroke="#7a4b12" strokeWidth="2" />
					<rect x={x - 4} y="256" width="52" height="6" rx="2" fill="#e6edf5" />
				</g>
			))}
			{/* door and wreath */}
			<rect x="226" y="226" width="48" height="86" rx="4" fill="#7f1d1d" />
			<rect x="232" y="232" width="36" height="74" rx="2" fill="#991b1b" />
			<circle cx="264" cy="272" r="2.4" fill="#f5b83d" />
			<circle cx="250" cy="252" r="13" fill="none" stroke="#166534" strokeWidth="7" />
			{[0, 1, 2, 3, 4, 5].map((i) => (
				<circle
					key={i}
					cx={250 + 13 * Math.cos((i * Math.PI) / 3)}
					cy={252 + 13 * Math.sin((i * Math.PI) / 3)}
					r="2"
					fill={i % 2 ? "#ef4444" : "#f5b83d"}
				/>
			))}
			<path d="M244 262l6-5 6 5-6 3z" fill="#dc2626" />

			{/* C9 roofline */}
			<LightRun from={roofL} to={peak} count={11} />
			<LightRun from={peak} to={roofR} count={11} offset={2} />
			<LightRun from={[116, 188]} to={[384, 188]} count={15} offset={1} />

			{/* walkway */}
			<path d="M226 312 L200 372 H300 L274 312z" fill="#b9c6d4" opacity="0.7" />
			{along([214, 322], [190, 366], 3).map((p) => (
				<circle key={`l${p[1]}`} cx={p[0]} cy={p[1]} r="3" fill="#fde68a" />
			))}
			{along([286, 322], [310, 366], 3).map((p) => (
				<circle key={`r${p[1]}`} cx={p[0]} cy={p[1]} r="3" fill="#fde68a" />
			))}

			{/* trees */}
			<LitTree x={62} base={312} height={118} />
			<LitTree x={446} base={314} height={96} />
		</svg>
	);
}

/** A single C9 bulb, large: for section art. */
export function C9Bulb({ color = "#f5b83d", className }: { color?: string; className?: string }) {
	return (
		<svg viewBox="0 0 40 64" className={className} aria-hidden focusable="false">
			<circle cx="20" cy="38" r="19" fill={color} opacity="0.2" />
			<path d="M20 16c9 0 13 13 13 22 0 8-6 14-13 14S7 46 7 38c0-9 4-22 13-22z" fill={color} />
			<path
				d="M15 24c-3 4-4 10-4 14"
				stroke="#fff"
				strokeOpacity="0.55"
				strokeWidth="2.5"
				strokeLinecap="round"
				fill="none"
			/>
			<rect x="13" y="6" width="14" height="12" rx="2" fill="#3b4658" />
			<path d="M13 10h14M13 14h14" stroke="#5b6678" strokeWidth="1.5" />
		</svg>
	);
}

/**
 * A string of C9 bulbs draped across the width of its container: one 4-bulb stretch, repeated as a
 * pattern so the bulbs keep their shape at any width.
 */
export function BulbGarland({ className }: { className?: string }) {
	return (
		<svg width="100%" height="36" className={className} aria-hidden focusable="false">
			<defs>
				<pattern id="bulb-garland" width="168" height="36" patternUnits="userSpaceOnUse">
					<path
						d="M0 4 Q21 18 42 4 Q63 18 84 4 Q105 18 126 4 Q147 18 168 4"
						fill="none"
						stroke="#2b3a52"
						strokeWidth="1.5"
					/>
					{BULBS.slice(0, 4).map((color, i) => {
						const x = i * 42 + 21;
						return (
							<g key={color}>
								<circle cx={x} cy="22" r="10" fill={color} opacity="0.25" />
								<rect x={x - 2.5} y="9" width="5" height="4" rx="1" fill="#5b6678" />
								<ellipse cx={x} cy="21" rx="4" ry="7" fill={color} />
							</g>
						);
					})}
				</pattern>
			</defs>
			<rect width="100%" height="36" fill="url(#bulb-garland)" />
		</svg>
	);
}

/** Cleveland, Akron and Canton along the I-77 corridor: a simple, not-to-scale map. */
export function ServiceAreaMap({ className }: { className?: string }) {
	const towns = [
		{ name: "Cleveland", x: 118, y: 56 },
		{ name: "Akron", x: 168, y: 168 },
		{ name: "Canton", x: 196, y: 262 },
	];
	return (
		<svg viewBox="0 0 320 320" className={className} aria-hidden focusable="false">
			<rect width="320" height="320" rx="24" fill="#14532d" />
			<path d="M0 40 C60 30 110 20 180 34 S290 26 320 20 V0 H0z" fill="#1e3a8a" opacity="0.55" />
			<text
				x="250"
				y="20"
				fill="#bfdbfe"
				fontSize="11"
				fontFamily="ui-sans-serif, system-ui"
				opacity="0.9"
			>
				Lake Erie
			</text>
			<path
				d="M118 56 C140 100 150 130 168 168 S188 230 196 262"
				stroke="#f8f3ea"
				strokeOpacity="0.35"
				strokeWidth="10"
				strokeLinecap="round"
				fill="none"
			/>
			<path
				d="M118 56 C140 100 150 130 168 168 S188 230 196 262"
				stroke="#f5b83d"
				strokeWidth="2.5"
				strokeDasharray="6 8"
				strokeLinecap="round"
				fill="none"
			/>
			{towns.map((t) => (
				<g key={t.name}>
					<circle cx={t.x} cy={t.y} r="20" fill="#f5b83d" opacity="0.2" />
					<circle cx={t.x} cy={t.y} r="8" fill="#f5b83d" stroke="#fff" strokeWidth="2.5" />
					<text
						x={t.x + 16}
						y={t.y + 5}
						fill="#f8f3ea"
						fontSize="15"
						fontWeight="600"
						fontFamily="ui-sans-serif, system-ui"
					>
						{t.name}
					</text>
				</g>
			))}
		</svg>
	);
}
