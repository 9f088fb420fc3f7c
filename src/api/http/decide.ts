// Where a request goes, from its URL's pathname: the pipeline's decode and match stages in one call, for the Netlify
// edge router and the public functions' mounts, so they route as the pipeline does.
import { decodePath } from '../../core/decode-path.ts';
import { match, type Decision, type Match } from './stages/match.ts';

export type { Decision, Match };

/** Decides from the URL's pathname (as `new URL()` gives it, still percent-encoded). */
export const decide = (pathname: string): Decision => match(decodePath(pathname));

/** The build file that answers a query-less GET of this endpoint, with its parameters filled in. */
export function staticFileOf({ endpoint, params }: Match): string | undefined {
  return endpoint.static?.file.replace(/:(\w+)/g, (_, n: string) => params[n] ?? '');
}
