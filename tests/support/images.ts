import sharp from "sharp";

/** A real PNG of one colour, made with the same image library the server decodes uploads with. */
export const png = (color = "#0a0", width = 20, height = 20) =>
	sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer();
