// An endpoint's path or query schema, named at once and built on first use. Constructing a zod schema costs about
// 0.1 ms (every `.optional()`, `.meta()` or `.min()` is a new instance), the endpoints' schemas were over a third of
// the public function's cold start, and an instance's first request needs one endpoint's schema. The keys are plain
// data, so what lists parameters (the CDN's cache key) never builds a schema.
import * as z from 'zod';

export interface LazyObject<S extends z.ZodRawShape = z.ZodRawShape> {
  /** The parameter names, in declaration order. */
  readonly keys: readonly string[];
  /** The zod object schema: built on the first call, the same instance after. */
  readonly schema: () => z.ZodObject<S>;
}

/** One builder per field, each called once, when the schema is first needed. */
export function lazyObject<F extends Record<string, () => z.ZodType>>(fields: F): LazyObject<{ [K in keyof F]: ReturnType<F[K]> }> {
  type Shape = { [K in keyof F]: ReturnType<F[K]> };
  let built: z.ZodObject<Shape> | undefined;
  const build = () => z.object(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field()])) as Shape);
  return { keys: Object.keys(fields), schema: () => (built ??= build()) };
}
