import type * as React from "react";
import { useCallback, useMemo, useRef, useState } from "react";
import type { ZodSafeParseResult, ZodType, z } from "zod";
import { toast } from "./toast.ts";

/**
 * Forms from the shared schemas (decision 025): each field's own message under it, marked invalid
 * and described by it, the first invalid field focused, and the limits the browser should know
 * (`required`, `maxLength`, `min`, `max`) read from the same schema the server validates with.
 * Only types come from zod here: zod and the schemas load with the form's first use, not with the
 * page (decisions 018 and 045): a signed-in form's schema is a `lazySchema`, a public page's form
 * has its constraints written out beside the schema (`constraintsOf` checks them in a test).
 */

/** What the browser is told about a field. */
type Constraint = { required?: boolean; maxLength?: number; min?: number; max?: number };
export type Constraints = Readonly<Record<string, Constraint>>;
/** What `field(name)` gives a `FormField`. */
export type FieldProps = Constraint & { name: string; error: string | null };
/** Each field's message, by the path of its issue ("email", "services.0.quantity"). */
export type FieldErrors = Readonly<Record<string, string>>;

type Def = {
	type: string;
	innerType?: ZodType;
	in?: ZodType;
	out?: ZodType;
	format?: string;
	shape?: Record<string, ZodType>;
	element?: ZodType;
};
const defOf = (schema: ZodType) => (schema as unknown as { def: Def }).def;

/**
 * The schema of what a form sends: wrappers and pipes lead to their input side. `filled`: a pipe
 * into a format (an e-mail address, a URL) refuses empty text, even with no minimum length.
 */
function unwrap(schema: ZodType): { schema: ZodType; optional: boolean; filled: boolean } {
	let optional = false;
	let filled = false;
	let current = schema;
	for (;;) {
		const def = defOf(current);
		if (def.type === "pipe" && def.in) {
			if (def.out && defOf(def.out).format) filled = true;
			current = def.in;
		} else if (["optional", "default", "prefault", "catch"].includes(def.type) && def.innerType) {
			optional = true;
			current = def.innerType;
		} else if (["nullable", "readonly"].includes(def.type) && def.innerType)
			current = def.innerType;
		else return { schema: current, optional, filled };
	}
}

/** `.int()` alone bounds a number by the safe integers: no limit a person would meet. */
const bound = (v: unknown) =>
	typeof v === "number" && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined;

function constraintOf(field: ZodType): Constraint {
	const { schema, optional, filled } = unwrap(field);
	const limits = schema as unknown as Record<string, unknown>;
	const c: Constraint = {};
	const type = defOf(schema).type;
	if (type === "string") {
		if (!optional && (filled || Number(limits.minLength ?? 0) > 0)) c.required = true;
		if (typeof limits.maxLength === "number") c.maxLength = limits.maxLength;
	} else if (type === "number") {
		if (!optional) c.required = true;
		const [min, max] = [bound(limits.minValue), bound(limits.maxValue)];
		if (min !== undefined) c.min = min;
		if (max !== undefined) c.max = max;
	}
	return c;
}

/**
 * Each field's constraints, from an object schema (or one wrapped in refinements and pipes), by
 * path: nested objects' fields as "profile.email", each element of a list as "hours.*.days".
 */
export function constraintsOf(schema: ZodType, prefix = ""): Constraints {
	const result: Record<string, Constraint> = {};
	for (const [name, field] of Object.entries(defOf(unwrap(schema).schema).shape ?? {})) {
		const key = prefix + name;
		const inner = unwrap(field).schema;
		const { type, element } = defOf(inner);
		result[key] = constraintOf(field);
		if (type === "object") Object.assign(result, constraintsOf(inner, `${key}.`));
		else if (type === "array" && element) {
			const item = unwrap(element).schema;
			if (defOf(item).type === "object") Object.assign(result, constraintsOf(item, `${key}.*.`));
			else result[`${key}.*`] = constraintOf(element);
		}
	}
	return result;
}

/** A field's constraints; a list's element by its index ("hours.2.days" as "hours.*.days"). */
const lookup = (constraints: Constraints, name: string) =>
	constraints[name] ?? constraints[name.replace(/\.\d+(?=\.|$)/g, ".*")];

/** Whether `path`'s message belongs to the field `name` (its own, or one of its items'). */
const within = (path: string, name: string) => path === name || path.startsWith(`${name}.`);

/**
 * The field to focus, of `names` in the form's order: the first that holds one of `paths`, each
 * path held by the field of that name or else by the closest one around it (a list's item by the
 * list's text box).
 */
export function firstInvalid(names: readonly string[], paths: readonly string[]) {
	const owners = new Set(
		paths.map(
			(path) => names.filter((name) => within(path, name)).sort((a, b) => b.length - a.length)[0],
		),
	);
	return names.findIndex((name) => owners.has(name));
}

/** The first message of each path. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
	const errors: Record<string, string> = {};
	for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
	return errors;
}

/** A form's schema, loaded from its shared module when the form is first used. */
export interface LazySchema<S extends ZodType = ZodType> {
	/** The schema; a failure to load it is said in a toast (and the promise rejects). */
	load(): Promise<S>;
	/** The schema, once loaded. */
	readonly loaded: S | undefined;
}

/** Said when a form's schema cannot load (the connection dropped, or a new version went out). */
const FORM_UNAVAILABLE = "This form could not load. Check your connection and try again.";

/**
 * `lazySchema(() => import("../shared/auth.ts"), "profileUpdateSchema")`: the client build loads
 * such a module apart from the page's own scripts (scripts/pure-schemas.ts).
 */
export function lazySchema<M, K extends keyof M>(
	load: () => Promise<M>,
	name: K,
): LazySchema<M[K] & ZodType> {
	let loading: Promise<M[K] & ZodType> | undefined;
	let loaded: (M[K] & ZodType) | undefined;
	return {
		load: () =>
			(loading ??= load().then(
				(module) => (loaded = module[name] as M[K] & ZodType),
				(error: unknown) => {
					loading = undefined;
					toast.error(FORM_UNAVAILABLE, { id: FORM_UNAVAILABLE });
					throw error;
				},
			)),
		get loaded() {
			return loaded;
		},
	};
}

const isLazy = (source: unknown): source is LazySchema =>
	typeof source === "object" && source !== null && "load" in source;

/**
 * `schema` gives the constraints (a lazy one once the form is first focused; or pass them). Spread
 * `form` on the `<form>` and `field(name)` on a `FormField` (name, error and limits);
 * `validate(schema, values)` is `schema.safeParse(values)` that also marks the fields and focuses
 * the first invalid one (awaited, for a lazy schema).
 * A field's message goes once it is edited; `setError` shows the server's word on a field.
 */
export function useZodForm(source?: ZodType | LazySchema | Constraints) {
	const [loaded, setLoaded] = useState(() => (isLazy(source) ? source.loaded : undefined));
	const schema = isLazy(source) ? loaded : source;
	const constraints = useMemo(
		() => (schema && "_zod" in schema ? constraintsOf(schema as ZodType) : (schema ?? {})),
		[schema],
	) as Constraints;
	/** A lazy schema, loaded; the form's own then tells the browser its limits. */
	const load = async <S extends ZodType>(lazy: LazySchema<S>) => {
		const schema = await lazy.load();
		if (lazy === source) setLoaded(schema);
		return schema;
	};
	const [errors, setErrors] = useState<FieldErrors>({});
	const ref = useRef<HTMLElement | null>(null);
	const attach = useCallback((element: HTMLElement | null) => {
		ref.current = element;
	}, []);

	/** Drops the messages of an edited field and of its items. */
	const clear = (name: string) =>
		setErrors((current) => {
			const paths = Object.keys(current);
			if (!name || !paths.some((path) => within(path, name))) return current;
			return Object.fromEntries(Object.entries(current).filter(([path]) => !within(path, name)));
		});
	const focus = (paths: readonly string[]) => {
		const fields = [...(ref.current?.querySelectorAll<HTMLInputElement>("[name]") ?? [])];
		fields[
			firstInvalid(
				fields.map((el) => el.name),
				paths,
			)
		]?.focus();
	};
	const show = (next: FieldErrors) => {
		setErrors(next);
		focus(Object.keys(next));
	};

	const area = {
		ref: attach,
		/** The first focus in the form loads its schema. */
		onFocus: () => {
			if (isLazy(source) && !loaded) load(source).catch(() => {});
		},
		onInput: (event: React.FormEvent<HTMLElement>) =>
			clear((event.target as HTMLInputElement).name ?? ""),
	};
	function validate<S extends ZodType>(schema: S, values: unknown): ZodSafeParseResult<z.output<S>>;
	function validate<S extends ZodType>(
		schema: LazySchema<S>,
		values: unknown,
	): Promise<ZodSafeParseResult<z.output<S>>>;
	function validate(schema: ZodType | LazySchema, values: unknown) {
		if (isLazy(schema)) return load(schema).then((loaded) => validate(loaded, values));
		const parsed = schema.safeParse(values);
		show(parsed.success ? {} : errorsOf(parsed.error.issues));
		return parsed;
	}
	return {
		errors,
		form: { ...area, noValidate: true },
		/** For fields that are not in one `<form>`: spread on an element around them all. */
		area,
		field: (name: string): FieldProps => ({
			name,
			error: errors[name] ?? null,
			...lookup(constraints, name),
		}),
		validate,
		/** Marks fields without parsing (a check of the form's own, or the server's answer). */
		setErrors: show,
		setError: (name: string, message: string) => {
			setErrors((current) => ({ ...current, [name]: message }));
			focus([name]);
		},
		clearErrors: () => setErrors({}),
	};
}
