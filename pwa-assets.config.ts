import { defineConfig } from "@vite-pwa/assets-generator/config";

const background = "#0f1b2d";

/**
 * `npm run icons`: the PWA icons in public/, drawn from public/pwa-icon.svg (works offline).
 * The maskable icon keeps the bulbs inside the central safe zone; the Apple icon is opaque.
 */
export default defineConfig({
	headLinkOptions: { preset: "2023" },
	preset: {
		// The default 60-quality palette smears the bulbs' glow into a dark band; 80 keeps it clean.
		png: { compressionLevel: 9, quality: 80 },
		transparent: { sizes: [192, 512], padding: 0, favicons: [] },
		maskable: { sizes: [512], padding: 0.2, resizeOptions: { background } },
		apple: { sizes: [180], padding: 0, resizeOptions: { background } },
	},
	images: ["public/pwa-icon.svg"],
});
