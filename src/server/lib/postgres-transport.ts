import pg from "pg";
import { EVENT_CHANNEL, type EventTransport, notifyChannel } from "./events.ts";

/**
 * Events between server instances: NOTIFY in the writer's transaction, and one connection per
 * instance that LISTENs. When that connection drops it reconnects and reports the gap (events may
 * have been missed meanwhile) through `onGap`.
 */
export function postgresTransport(url: string): EventTransport {
	return {
		notify: notifyChannel,
		channel: EVENT_CHANNEL,
		async listen(onPayload, onGap) {
			let client: pg.Client | undefined;
			let stopped = false;
			let retry: NodeJS.Timeout | undefined;
			const connect = async (afterGap: boolean) => {
				const next = new pg.Client({
					connectionString: url,
					connectionTimeoutMillis: 5_000,
					keepAlive: true,
					keepAliveInitialDelayMillis: 10_000,
				});
				next.on("notification", (n) => {
					if (n.channel === EVENT_CHANNEL && n.payload) onPayload(n.payload);
				});
				next.on("error", () => {
					next.end().catch(() => {});
					if (client === next) reconnect();
				});
				try {
					await next.connect();
					await next.query(`listen ${EVENT_CHANNEL}`);
				} catch (error) {
					await next.end().catch(() => {});
					throw error;
				}
				client = next;
				if (afterGap) onGap();
			};
			const reconnect = () => {
				client = undefined;
				if (stopped || retry) return;
				retry = setTimeout(() => {
					retry = undefined;
					connect(true).catch(reconnect);
				}, 1000);
				retry.unref();
			};
			await connect(false);
			return async () => {
				stopped = true;
				clearTimeout(retry);
				await client?.end().catch(() => {});
			};
		},
	};
}
