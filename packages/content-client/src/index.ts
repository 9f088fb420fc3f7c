// @skribra/content: the typed client of Skribra's content API. Fetch only: Node 20+, Deno, Bun, edge runtimes.
export { createClient } from './client.ts';
export type { ApiMethods, ArticleResult, Client, ClientOptions, ListOptions, SyncResult } from './client.ts';
export { memoryCache } from './cache.ts';
export type { CacheEntry, ResponseCache } from './cache.ts';
export { SkribraError } from './errors.ts';
export type { RetryOptions } from './http.ts';
export type { WatchOptions } from './watch.ts';
export { verifyWebhook, WebhookVerificationError } from './webhook.ts';
export type { HeaderBag } from './webhook.ts';
export type * from './generated/api-types.ts';
