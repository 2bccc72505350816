import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/shared/api-errors.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
let doc: {
	openapi: string;
	paths: Record<
		string,
		Record<string, { requestBody?: { content: Record<string, { schema: any }> } }>
	>;
};
beforeAll(async () => {
	app = await startTestApp();
	doc = (await new HttpClient(app.url).get("/api/openapi.json")).json;
});
afterAll(() => app.close());

describe("/api/openapi.json", () => {
	it("is a valid OpenAPI 3.1 document", async () => {
		expect(doc.openapi).toBe("3.1.0");
		const result = await new Validator().validate(doc as never);
		expect(result.errors ?? []).toEqual([]);
		expect(result.valid).toBe(true);
		const text = JSON.stringify(doc);
		// 3.0's `nullable` has no place in 3.1, and every reference resolves.
		expect(text).not.toContain('"nullable"');
		for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
			expect((doc as any).components?.schemas?.[name!], name).toBeDefined();
		}
	});

	it("gives every upload's `data` part the schema of its JSON", () => {
		const uploads = Object.entries(doc.paths).flatMap(([path, methods]) =>
			Object.entries(methods)
				// Uploads of a form with files; those of files alone have no `data` part.
				.filter(([, op]) => op.requestBody?.content["multipart/form-data"]?.schema.properties?.data)
				.map(([method, op]) => ({ at: `${method} ${path}`, op })),
		);
		expect(uploads.map((u) => u.at).sort()).toEqual([
			"post /api/chat/attachments",
			"post /api/owner/chat/{customerUserId}/attachments",
			"post /api/owner/customers",
			"post /api/public/quote-requests",
			"post /api/quote-requests",
			"post /api/service-requests",
		]);
		for (const { at, op } of uploads) {
			const data = op.requestBody!.content["multipart/form-data"]!.schema.properties.data;
			expect(data.contentMediaType, at).toBe("application/json");
			expect(data.contentSchema?.type, at).toBe("object");
			expect(Object.keys(data.contentSchema.properties ?? {}).length, at).toBeGreaterThan(0);
		}
	});

	it("gives every error answer the one error body, with its closed list of codes", () => {
		const error = (doc as any).components.schemas.Error;
		expect(error.required).toEqual(["error"]);
		expect(error.properties.code.enum).toEqual([...ERROR_CODES]);
		// The health check answers its status, not an error, when the database is away; an e-mail's
		// unsubscribe link answers the person who opened it with a page, a bad link included.
		const errorAnswers = Object.entries(doc.paths)
			.filter(([path]) => path !== "/api/health" && path !== "/api/unsubscribe")
			.flatMap(([path, methods]) =>
				Object.entries(methods as Record<string, any>).flatMap(([method, op]) =>
					Object.entries(op.responses ?? {})
						.filter(([status]) => Number(status) >= 400)
						.map(([status, response]: [string, any]) => ({
							at: `${method} ${path} ${status}`,
							schema: response.content?.["application/json"]?.schema,
						})),
				),
			);
		for (const { at, schema } of errorAnswers)
			expect(schema, at).toEqual({ $ref: "#/components/schemas/Error" });
		expect(errorAnswers.length).toBeGreaterThan(100);
	});
});
