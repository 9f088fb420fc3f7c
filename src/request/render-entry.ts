// The server bundle's entry (on-request-adapter.ts): Astro's app over the pages that render on request. Its callers
// load the page's data first and pass it as `locals`, so a page only renders (src/request/blog/live-blog.ts).
import { createApp } from 'astro/app/entrypoint';

// Whole pages, not streamed: each is a few tens of KB, and an answer is kept whole (the caches, its ETag) anyway.
const app = createApp({ streaming: false });

/** Renders the on-request page `req` names with `locals` (App.Locals); a path no such page has answers 404. */
export const render = (req: Request, locals: App.Locals): Promise<Response> => app.render(req, { locals });
