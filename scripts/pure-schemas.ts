/**
 * Two halves, both for the client build, so that zod and the schemas load with the forms that use
 * them and not with the pages around those forms (decisions 040 and 045):
 *
 * - Marks the calls that make the top-level constants of src/shared (`export const fooSchema =
 *   z.object(...)`) as pure, so a page that takes only a type's labels or limits from a shared
 *   module leaves its schemas, and zod with them, out of its scripts. Rollup keeps a constant whose
 *   value a page uses; it drops one nothing reads. A shared module's top level defines values and
 *   nothing else: a call there has no effect beyond the value it makes.
 * - Gives a shared module loaded with `import()` (a form's schema, `lazySchema` in
 *   src/web/lib/use-zod-form.ts) a copy of its own, with the shared modules it imports copied in
 *   turn: a module that a page also imports for its labels would otherwise be one module, in the
 *   page's first scripts, with every schema any form reads from it, and zod. A copy's id ends with
 *   `?lazy`. The values are made twice (labels, limits), no state: a shared module holds none
 *   beyond a cache.
 */
import MagicString from "magic-string";
import type { Plugin } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const SHARED = /\/src\/shared\/[^?]+\.ts$/;
/** The end of a lazily loaded copy's id. */
const COPY = "?lazy";

/**
 * Where each call made while `node` is evaluated starts (not those in the functions it defines). A
 * chain (`z.string().max(80)`) starts where its first call does: one mark covers it.
 */
function callsIn(node: Node, starts: Set<number>) {
	if (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression") return;
	if (node.type === "CallExpression" || node.type === "NewExpression") starts.add(node.start);
	for (const value of Object.values(node))
		for (const child of Array.isArray(value) ? value : [value])
			if (child && typeof child === "object" && typeof (child as Node).type === "string")
				callsIn(child as Node, starts);
}

export function pureSchemasPlugin(): Plugin {
	return {
		name: "pure-schemas",
		apply: "build",
		async resolveDynamicImport(specifier, importer) {
			if (this.environment?.name !== "client" || typeof specifier !== "string") return null;
			const resolved = await this.resolve(specifier, importer, { skipSelf: true });
			return resolved && SHARED.test(resolved.id) ? `${resolved.id}${COPY}` : null;
		},
		resolveId: {
			order: "pre",
			async handler(source, importer) {
				if (this.environment?.name !== "client" || !importer?.endsWith(COPY)) return null;
				const from = importer.slice(0, -COPY.length);
				const resolved = await this.resolve(source, from, { skipSelf: true });
				return resolved && SHARED.test(resolved.id) ? `${resolved.id}${COPY}` : resolved;
			},
		},
		transform(code, id) {
			if (this.environment?.name !== "client" || !SHARED.test(id)) return null;
			const program = this.parse(code) as unknown as { body: Node[] };
			const s = new MagicString(code);
			const starts = new Set<number>();
			for (const statement of program.body) {
				// zod's settings (src/shared/zod.ts) matter only where a schema is made: in the copies
				// loaded with the forms, never in a page's first scripts, which then leave zod out.
				if (statement.type === "ExpressionStatement" && id.endsWith("/src/shared/zod.ts"))
					callsIn(statement, starts);
				const declaration =
					statement.type === "ExportNamedDeclaration"
						? (statement.declaration as Node | null)
						: statement;
				if (declaration?.type !== "VariableDeclaration") continue;
				for (const declarator of declaration.declarations as Node[])
					if (declarator.init) callsIn(declarator.init as Node, starts);
			}
			for (const start of starts) s.appendLeft(start, "/* @__PURE__ */ ");
			return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
		},
	};
}
