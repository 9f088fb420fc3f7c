// An API's handler table from its endpoint modules: each entry's handler module (its default export), as the API's
// `load` finds it, bound to the API's deps, the module loaded on the endpoint's first request. With `checkAnswers` (tests)
// every answer is parsed with the endpoint's output schema before it goes out, so a handler that answers a shape its
// schema does not describe fails the request even where the compiler could not see it (a value built by a loop).
import type { Endpoint } from '../../../model/endpoints/endpoint.ts';
import { Reply } from './respond.ts';
import type { Handler } from './api-implementation.ts';

type Loaded = (ctx: unknown, deps: unknown) => unknown;

/** The answer's JSON value: a Reply's body, or the bytes it prepared, parsed back. */
function answerValue(result: unknown): unknown {
  if (!(result instanceof Reply)) return result;
  if (!result.prepared) return result.body;
  const { body } = result.prepared;
  return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
}

/** Throws when `result` (a handler's answer) is not what the endpoint's output schema describes. */
function checkAnswer(endpoint: Endpoint, result: unknown): void {
  if (!endpoint.output || result instanceof Response) return;
  const parsed = endpoint.output().safeParse(answerValue(result));
  if (!parsed.success) throw new Error(`${endpoint.id} answered a shape its output schema does not describe: ${parsed.error.message}`);
}

export function bindHandlers(
  entries: readonly Endpoint[],
  load: (endpoint: Endpoint) => Promise<unknown>,
  deps: unknown,
  options: { checkAnswers?: boolean } = {},
): Record<string, Handler> {
  const table: Record<string, Handler> = {};
  for (const endpoint of entries) {
    let loaded: Promise<Loaded> | undefined;
    table[endpoint.id] = async (ctx) => {
      const handler = await (loaded ??= load(endpoint).then((m) => (m as { default: Loaded }).default));
      const result = await handler(ctx, deps);
      if (options.checkAnswers) checkAnswer(endpoint, result);
      return result;
    };
  }
  return table;
}
