/** Small file operations in flight at once: enough to keep the disk busy, few enough to stay far from the fd limit. */
export const IO_CONCURRENCY = 32;

/** Runs `fn` over `items`, at most `limit` at a time; rejects with the first failure. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  const lane = async () => {
    while (i < items.length) await fn(items[i++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
