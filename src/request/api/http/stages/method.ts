// Stage 3, method: OPTIONS answered (a CORS preflight where the endpoint is open, else 204 with Allow), and every
// method the endpoint does not declare refused with 405 and Allow, site files included (DESIGN rule 1). The site's
// rule is siteMethod: the pipeline's and the Netlify edge's (netlify/edge-functions/method-guard.ts), one answer.
import { DATA_SECURITY } from '../../../../model/core/security-headers.ts';
import { allowedMethods, SITE_METHODS } from '../../../../model/endpoints/methods.ts';
import { ApiError } from '../api-error.ts';
import type { Headers } from '../../../../model/endpoints/cache-policy.ts';
import { preflight } from '../cors.ts';
import { fail } from './fail.ts';

const allowHeader = (allow: readonly string[]) => ({ allow: allow.join(', ') });

const methodNotAllowed = (method: string, allow: readonly string[]) =>
  new ApiError(
    405,
    'method_not_allowed',
    `${method} is not allowed here; use ${allow.filter((m) => m !== 'OPTIONS').join(' or ')}.`,
    allowHeader(allow),
  );

interface MethodRule {
  /** The methods answered here, OPTIONS included (methods.ts's allowedMethods). */
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

/** The methods the site answers: its reads, and OPTIONS. */
const SITE_RULE: MethodRule = { allow: allowedMethods({ methods: SITE_METHODS }), cors: false, headers: DATA_SECURITY };

/**
 * The site's method rule as a whole answer: undefined for a read (it goes on to the files), 204 with Allow for
 * OPTIONS, the JSON 405 with Allow for anything else (fail.ts, as every error).
 */
export function siteMethod(req: Request): Response | undefined {
  try {
    return method(req, SITE_RULE);
  } catch (err) {
    return fail(req, err, DATA_SECURITY, undefined, undefined);
  }
}
