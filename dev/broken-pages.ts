import { problemList, type ContentProblem } from '../src/model/catalog/content-error.ts';

/** What `npm run dev` prints when files have problems: the checker's list, then the pages that show them. */
export function brokenPages(broken: ReadonlyMap<string, readonly ContentProblem[]>): string {
  const pages = [...broken.keys()];
  return `${problemList([...broken.values()].flat())}\nLeft out until fixed; ${pages.length === 1 ? 'its page shows' : 'their pages show'} the problems: ${pages.join(', ')}`;
}
