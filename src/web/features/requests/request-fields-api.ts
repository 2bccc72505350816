import { useState } from "react";
import type { ColorScheme, RequestPriority, RequestType } from "../../../shared/requests.ts";

/**
 * What every request form asks, the customer's and the owner's alike (details, priority, and for
 * Change Colors the scheme), and the request it makes for `type`.
 */
export function useRequestFields<T extends RequestType>(type: T) {
	const [details, setDetails] = useState("");
	const [priority, setPriority] = useState<RequestPriority>("Normal");
	const [scheme, setScheme] = useState<ColorScheme | null>(null);
	const [custom, setCustom] = useState("");
	const input = {
		requestType: type,
		details: details.trim() || undefined,
		priority,
		...(type === "ChangeColor"
			? { colorScheme: scheme, customColors: scheme === "Custom" ? custom : undefined }
			: {}),
	};
	const reset = () => {
		setDetails("");
		setPriority("Normal");
		setScheme(null);
		setCustom("");
	};
	return {
		...{ details, setDetails, priority, setPriority },
		...{ scheme, setScheme, custom, setCustom },
		input,
		reset,
	};
}
