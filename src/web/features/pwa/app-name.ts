/** The installed app's name, as in public/manifest.webmanifest (a browser test keeps them equal). */
export const APP_NAME = "Buckeye Holiday Lights";
