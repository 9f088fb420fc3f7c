// Stage 3, method: OPTIONS answered (a CORS preflight where the endpoint is open, else 204 with Allow), and every
// method the endpoint does not declare refused with 405 and Allow, site files included (DESIGN rule 1).
import { ApiError } from '../api-error.ts';
import type { Headers } from '../cache-policy.ts';
import { preflight } from '../cors.ts';

export const allowHeader = (allow: readonly string[]) => ({ allow: allow.join(', ') });

export const methodNotAllowed = (method: string, allow: readonly string[]) =>
  new ApiError(
    405,
    'method_not_allowed',
    `${method} is not allowed here; use ${allow.filter((m) => m !== 'OPTIONS').join(' or ')}.`,
    allowHeader(allow),
  );

export interface MethodRule {
  /** The methods answered here, OPTIONS included (registry.ts's allowedMethods). */
  allow: readonly string[];
  /** Whether OPTIONS is the open CORS preflight (the public API). */
  cors: boolean;
  /** Headers of the OPTIONS answer. */
  headers: Headers;
  /** False where no endpoint is (an unknown path under an API root): any method then goes on to its 404. */
  refuse?: boolean;
}

/** The OPTIONS answer, or undefined when the request goes on; throws 405 for a method not in `allow`. */
export function method(req: Request, { allow, cors, headers, refuse = true }: MethodRule): Response | undefined {
  if (req.method === 'OPTIONS')
    return cors ? preflight() : new Response(null, { status: 204, headers: { ...headers, ...allowHeader(allow) } });
  if (refuse && !allow.includes(req.method)) throw methodNotAllowed(req.method, allow);
  return undefined;
}
