/** Every failure the client reports: an HTTP error answer, or a network failure after its retries (`status` 0). */
export class SkribraError extends Error {
  /** HTTP status; 0 when no answer came (network error, timeout). */
  readonly status: number;
  /** The API's stable code (`unauthorized`, `rate_limited`, `project_not_found`, ...), or `network_error`. */
  readonly code: string;
  /** Seconds the server asked to wait (429, 503), when it said. */
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, opts: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'SkribraError';
    this.status = status;
    this.code = code;
    if (opts.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
  }
}

/** Reads both error body forms: flat `{code, message}` and nested `{error: {code, message}}`. */
export function errorFromBody(status: number, text: string, retryAfter?: number): SkribraError {
  let code = `http_${status}`;
  let message = `HTTP ${status}`;
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } | string };
    const e = body && typeof body.error === 'object' && body.error !== null ? body.error : body;
    if (typeof e.code === 'string') code = e.code;
    if (typeof e.message === 'string') message = e.message;
    else if (typeof body.error === 'string') message = body.error;
  } catch {
    if (text.trim()) message = `HTTP ${status}: ${text.trim().slice(0, 200)}`;
  }
  return new SkribraError(status, code, message, retryAfter === undefined ? {} : { retryAfter });
}
