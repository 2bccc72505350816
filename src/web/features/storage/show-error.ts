import { errorMessage, fieldErrorsOf } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";

/** A refusal shown where it belongs: under its fields when it names them, else as a toast. */
export const showError =
	(setErrors: (errors: Record<string, string>) => void) => (error: unknown) => {
		const fields = fieldErrorsOf(error);
		if (Object.keys(fields).length > 0) setErrors(fields);
		else toast.error(errorMessage(error));
	};
