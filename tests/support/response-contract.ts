import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Checks an API answer against the response schema its route declares in `/api/openapi.json`, the
 * document the web's typed client and outside callers rely on, and every error answer against the
 * one error body. The API tests' client calls it on every JSON answer, so a handler that answers
 * other than it says fails the test that saw it.
 */
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

let documentPromise: Promise<Document> | undefined;
let routes: { method: string; pattern: RegExp; operation: Operation; path: string }[] = [];
const validators = new Map<string, ValidateFunction | null>();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The document is the same for every test server of a run (one build of the routes). */
function loadDocument(baseUrl: string) {
	documentPromise ??= fetch(`${baseUrl}/api/openapi.json`).then(async (res) => {
		const doc = (await res.json()) as Document;
		ajv.addSchema({ $id: "api", components: doc.components ?? {} });
		routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
			Object.entries(methods).map(([method, operation]) => ({
				method: method.toUpperCase(),
				path,
				// {param} matches one path segment.
				pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
				operation,
			})),
		);
		return doc;
	});
	return documentPromise;
}

/** Each `#/components/...` reference read from the document added under the id "api". */
const fromDocument = (schema: object) =>
	JSON.parse(
		JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"api#/components/'),
	);

function validatorFor(method: string, path: string, status: number) {
	// Literal paths before templated ones: /api/owner/quotes/website before /api/owner/quotes/{id}.
	const route =
		routes.find((r) => r.method === method && r.path === path) ??
		routes.find((r) => r.method === method && r.pattern.test(path));
	const key = `${method} ${route?.path ?? path} ${status}`;
	if (!validators.has(key)) {
		const schema =
			route?.operation.responses?.[String(status)]?.content?.["application/json"]?.schema;
		validators.set(key, schema ? ajv.compile(fromDocument(schema)) : null);
	}
	const schema =
		route?.operation.responses?.[String(status)]?.content?.["application/json"]?.schema;
	const ownBody = !!schema && JSON.stringify(schema) !== '{"$ref":"#/components/schemas/Error"}';
	return { validate: validators.get(key), route: route?.path, ownBody };
}

/** Every error answer, documented or not, has the one error body. */
let errorValidator: ValidateFunction | undefined;
const errorBody = () => {
	errorValidator ??= ajv.compile({ $ref: "api#/components/schemas/Error" });
	return errorValidator;
};

/**
 * Throws when an error answer is not the one error body, or when a 2xx JSON answer of a documented route does not match its declared schema. Answers
 * of routes outside the document (better-auth's own, pages, files) and bodies the route declares
 * no JSON schema for are not checked.
 */
export async function checkResponseContract(
	baseUrl: string,
	request: { method: string; path: string },
	response: { status: number; contentType: string | null; json: unknown },
) {
	if (response.status < 200) return;
	if (!response.contentType?.includes("application/json") || response.json === undefined) return;
	const path = new URL(request.path, baseUrl).pathname;
	if (!path.startsWith("/api/") || path === "/api/openapi.json") return;
	await loadDocument(baseUrl);
	const declared = validatorFor(request.method, path, response.status);
	// An error answer is the one error body, unless its route declares a body of its own (health).
	const { validate, route } =
		response.status >= 400 && !declared.ownBody
			? { validate: errorBody(), route: "the error body" }
			: declared;
	if (!validate || validate(response.json)) return;
	throw new Error(
		`${request.method} ${path} answered ${response.status} with a body its schema (${route}) does not allow:\n` +
			ajv.errorsText(validate.errors, { separator: "\n" }) +
			`\nbody: ${JSON.stringify(response.json).slice(0, 2000)}`,
	);
}
