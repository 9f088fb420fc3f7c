// The local origin's answers to the blog's routes (src/request/blog/live-blog.ts): read from the store on request, rendered
// by the build's own templates, kept in the process's cache by their tags until a change of the store purges them
// (follow-blog-changes.ts), and given the headers the build's `_headers` gives the path. While the store is away a
// cached answer is still served; an uncached one is the site's error page, 502, and never cached.
import { answerOf } from '../src/model/core/conditional.ts';
import { strongEtag } from '../src/model/core/etag.ts';
import {
  CONTENT_SIGNAL_FILE,
  contentSignalOf,
  markdownResponse,
  NOT_FOUND_MARKDOWN,
  prefersMarkdown,
} from '../src/model/core/negotiate.ts';
import { NO_STORE } from '../src/model/endpoints/cache-policy.ts';
import { answerLive, BlogUnavailable, type LiveBlogDeps, type LiveRoute } from '../src/request/blog/live-blog.ts';
import { tagsOf } from '../src/model/core/cache-tags.ts';
import { derivedOf, fileText, holdBody, type StaticFile } from './static-files.ts';

/** A whole answer as the cache keeps it. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  tags: string[];
}

export interface AnswerCache {
  get(key: string): StoredAnswer | undefined;
  set(key: string, answer: StoredAnswer): void;
  /** Moves on at every purge: an answer sent again by the origin's memo (answer-memo.ts) is current while it stays. */
  readonly version?: number;
}

export interface LiveAnswersOptions extends Omit<LiveBlogDeps, 'read'> {
  /** The served build's files. */
  files: (path: string) => StaticFile | undefined;
  /** The `_headers` rules of a path (security headers, CSP). */
  rulesOf: (path: string) => Record<string, string>;
  /** Keeps answers by their tags until a change purges them; without one every answer is read afresh. */
  cache?: AnswerCache;
}

/** The on-request page a blog answer is while the store is away (src/site/pages/unavailable.astro). */
const UNAVAILABLE_PATH = '/unavailable/';

/** The answers the cache may keep: a page, a redirect, a page that does not exist (all tagged). */
const KEPT = new Set([200, 301, 404]);

/** Which representation a route's answer is: its key in the cache (an article page and its markdown differ). */
function keyOf(req: Request, route: LiveRoute): string {
  if (route.kind === 'file') return route.path;
  if (route.kind === 'feed') return 'feed';
  if (route.kind === 'card') return `card ${route.slug} ${route.card}`;
  if (route.kind === 'index-card') return `index card ${route.n}`;
  const md = route.form === 'twin' || (route.form === 'page' && prefersMarkdown(req.headers.get('accept')));
  return `${route.kind} ${route.kind === 'article' ? route.slug : route.n} ${route.form} ${md ? 'md' : 'html'}`;
}

export function liveAnswers({ files, rulesOf, cache = { get: () => undefined, set: () => {} }, ...deps }: LiveAnswersOptions) {
  const read = (path: string) => {
    const file = files(path);
    return file && fileText(file);
  };

  /** The body a 404 gets: the site's 404 page, or the markdown 404 for a twin. */
  async function filled(res: Response, markdown: boolean): Promise<Response> {
    if (res.status !== 404 || res.body) return res;
    const body = markdown ? read(NOT_FOUND_MARKDOWN) : read('/404.html');
    const headers = new Headers(res.headers);
    headers.set('content-type', markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8');
    return new Response(body ?? 'Not found', { status: 404, headers });
  }

  /** The site's page for a store that cannot be reached (src/site/pages/unavailable.astro), rendered once. */
  let unavailable: Promise<string> | undefined;
  const unavailablePage = () =>
    (unavailable ??= deps
      .render(new Request(new URL(UNAVAILABLE_PATH, deps.site)), {})
      .then((res) => res.text())
      .catch(() => 'Temporarily unavailable'));

  /** The site's Content-Signal for markdown answers, read once per version of its file. */
  const signalOf = () => {
    const file = files(CONTENT_SIGNAL_FILE);
    return file && derivedOf(file, 'content-signal', (f) => contentSignalOf(JSON.parse(fileText(f))));
  };

  async function fresh(req: Request, route: LiveRoute): Promise<StoredAnswer> {
    // The whole answer, for a HEAD too (the caller answers HEAD and 304 from it).
    const get = req.method === 'GET' ? req : new Request(req.url, { headers: req.headers });
    const res = await answerLive(get, route, { signal: signalOf(), ...deps, read });
    const whole = await filled(res, keyOf(req, route).endsWith(' md'));
    const body = new Uint8Array(await whole.arrayBuffer());
    const headers = [...whole.headers];
    if (whole.status === 200) headers.push(['etag', strongEtag(body)]);
    return { status: whole.status, headers, body, tags: tagsOf(whole.headers) };
  }

  return async (req: Request, route: LiveRoute, pathname: string): Promise<Response> => {
    const key = keyOf(req, route);
    let answer = cache.get(key);
    if (!answer) {
      try {
        answer = await fresh(req, route);
      } catch (err) {
        if (!(err instanceof BlogUnavailable)) throw err;
        console.error(`blog: ${pathname}: the content store is unavailable (${err.message}); answered 502`);
        const markdown = key.endsWith(' md');
        if (markdown) return markdownResponse('# Temporarily unavailable\n', 502, req.method, {});
        const body = await unavailablePage();
        return answerOf(
          req,
          new Response(body, { status: 502, headers: { ...rulesOf(pathname), 'content-type': 'text/html; charset=utf-8', ...NO_STORE } }),
        );
      }
      if (KEPT.has(answer.status)) cache.set(key, answer);
    }
    const headers = new Headers(rulesOf(pathname));
    for (const [k, v] of answer.headers) headers.set(k, v);
    headers.set('content-length', String(answer.body.byteLength));
    const res = new Response(answer.body.byteLength ? answer.body : null, { status: answer.status, headers });
    // A kept page may be sent again by the origin's memo without asking here, until the next purge.
    const version = cache.version;
    if (answer.status === 200 && version !== undefined && cache.get(key) === answer)
      holdBody(res, {
        body: Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength),
        current: () => cache.version === version,
      });
    return answerOf(req, res);
  };
}
