/** An API answer that was not 2xx, carrying the server's message. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly code?: string,
	) {
		super(message);
	}
}

/** JSON request to our own API; throws ApiError with the server's `error` text. */
export async function api<T>(
	path: string,
	options: { method?: string; body?: unknown } = {},
): Promise<T> {
	let response: Response;
	try {
		// FormData (multipart, e.g. with files) is sent as it is: the browser sets its content type.
		const isForm = options.body instanceof FormData;
		response = await fetch(path, {
			method: options.method ?? "GET",
			headers:
				options.body === undefined || isForm ? undefined : { "content-type": "application/json" },
			body:
				options.body === undefined
					? undefined
					: isForm
						? (options.body as FormData)
						: JSON.stringify(options.body),
			credentials: "same-origin",
		});
	} catch {
		throw new ApiError(0, "You appear to be offline. Check your connection and try again.");
	}
	const data = (await response.json().catch(() => null)) as {
		error?: string;
		code?: string;
	} | null;
	if (!response.ok) {
		throw new ApiError(response.status, data?.error ?? "An unexpected error occurred", data?.code);
	}
	return data as T;
}

export function errorMessage(error: unknown, fallback = "An unexpected error occurred"): string {
	return error instanceof Error && error.message ? error.message : fallback;
}
