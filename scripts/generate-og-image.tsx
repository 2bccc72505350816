// Renders public/og-image.png (1200x630, the social-sharing picture) from the site's own SVG art.
// Run: npx tsx scripts/generate-og-image.tsx
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { DEFAULT_BUSINESS_PROFILE } from "../src/shared/business-defaults.ts";
import { BrandMark } from "../src/web/components/public/brand-mark.tsx";
import { HouseScene } from "../src/web/components/public/illustrations.tsx";

const inner = (svg: string) => svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
const house = inner(renderToStaticMarkup(<HouseScene />));
const mark = inner(renderToStaticMarkup(<BrandMark />));
const areas = DEFAULT_BUSINESS_PROFILE.serviceAreas
	.map((a) => a.replace(/,\s*OH$/, ""))
	.join(" · ");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
	<defs>
		<radialGradient id="glow" cx="0.85" cy="0.1" r="0.8">
			<stop offset="0" stop-color="#f5b83d" stop-opacity="0.22"/>
			<stop offset="1" stop-color="#0f1b2d" stop-opacity="0"/>
		</radialGradient>
	</defs>
	<rect width="1200" height="630" fill="#0f1b2d"/>
	<rect width="1200" height="630" fill="url(#glow)"/>
	<g transform="translate(72 72) scale(1.1)">${mark}</g>
	<text x="160" y="128" fill="#f8f3ea" font-family="Georgia, serif" font-size="34">${DEFAULT_BUSINESS_PROFILE.businessName}</text>
	<text x="72" y="260" fill="#f8f3ea" font-family="Georgia, serif" font-size="58" font-weight="bold">Your home,</text>
	<text x="72" y="328" fill="#f5b83d" font-family="Georgia, serif" font-size="58" font-weight="bold">beautifully lit</text>
	<text x="72" y="396" fill="#f8f3ea" font-family="Georgia, serif" font-size="58" font-weight="bold">for the holidays.</text>
	<text x="72" y="490" fill="#f8f3ea" fill-opacity="0.85" font-family="DejaVu Sans, sans-serif" font-size="22">Design · Install · Maintain · Takedown · Storage</text>
	<text x="72" y="540" fill="#f5b83d" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="bold">${areas}, Ohio</text>
	<g transform="translate(712 140) scale(0.94)">${house}</g>
</svg>`;

const out = path.join(import.meta.dirname, "..", "public", "og-image.png");
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toFile(out);
console.log(`Wrote ${out}`);
