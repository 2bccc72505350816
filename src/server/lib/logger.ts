import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
	return pino({
		level,
		base: undefined,
		redact: {
			paths: [
				"password",
				"newPassword",
				"*.password",
				"*.newPassword",
				"cardNumber",
				"*.cardNumber",
				"cvv",
				"*.cvv",
				"secretKey",
				"*.secretKey",
				"webhookSecret",
				"*.webhookSecret",
				"stripeSecretKey",
				"*.stripeSecretKey",
				"stripeWebhookSecret",
				"*.stripeWebhookSecret",
			],
			censor: "[redacted]",
		},
	});
}
