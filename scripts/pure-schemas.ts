/**
 * Marks the calls that make the top-level constants of src/shared (`export const fooSchema =
 * z.object(...)`) as pure for the client build, so a page that takes only a type's labels or limits from a shared module
 * leaves its schemas, and zod with them, out of its scripts. Rollup keeps a constant whose value a
 * page uses; it drops one nothing reads. A shared module's top level defines values and nothing
 * else: a call there has no effect beyond the value it makes.
 */
import MagicString from "magic-string";
import type { Plugin } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const SHARED = /\/src\/shared\/[^?]+\.ts$/;

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
		transform(code, id) {
			if (this.environment?.name !== "client" || !SHARED.test(id)) return null;
			const program = this.parse(code) as unknown as { body: Node[] };
			const s = new MagicString(code);
			const starts = new Set<number>();
			for (const statement of program.body) {
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
