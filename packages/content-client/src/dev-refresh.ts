// An Astro integration for `astro dev`: follows the project's change stream (client.watch) and reloads the
// skribraLoader collection when an article changes, so a page published, edited or unpublished while the dev server
// runs is current on the next reload. Only under `astro dev`: `astro build` runs `astro:server:setup` too (for the
// server its content sync uses), and a build must not open a stream.
// Typed structurally, as the loader is: this entry point needs no Astro types at run time or in its declarations.
import type { ChangeEvent } from './generated/api-types.ts';
import { clientFromEnv, type SkribraEnvOptions } from './client-from-env.ts';
import { SkribraError } from './errors.ts';
import { SKRIBRA_LOADER_NAME } from './loader-name.ts';

export interface SkribraDevRefreshOptions extends SkribraEnvOptions {
  /** The project the collection's skribraLoader reads. Empty: the integration only warns. */
  projectId: string;
  /** Changes within this many ms of the first one refresh once (default 100). */
  debounceMs?: number;
}

/** The part of Astro's `astro:server:setup` options this integration uses. */
export interface SkribraServerSetup {
  /** Absent when the site has no content-layer collection. */
  refreshContent?: (options: { loaders?: string[]; context?: Record<string, unknown> }) => Promise<void>;
  logger: { info(message: string): void; warn(message: string): void; error(message: string): void };
  server: { httpServer?: { once(event: 'close', listener: () => void): unknown } | null };
}

const describe = (changes: ChangeEvent[]) =>
  changes
    .slice(0, 3)
    .map((c) => `${c.type.replace('article.', '')} ${c.slug}`)
    .join(', ') + (changes.length > 3 ? ` and ${changes.length - 3} more` : '');

export function skribraDevRefresh(options: SkribraDevRefreshOptions) {
  const { projectId, debounceMs = 100, ...clientOptions } = options;
  let current: AbortController | undefined;
  let dev = false;
  const stop = () => {
    current?.abort();
    current = undefined;
  };
  return {
    name: '@skribra/content/dev-refresh',
    hooks: {
      'astro:config:setup': ({ command }: { command: string }): void => {
        dev = command === 'dev';
      },
      'astro:server:setup': ({ refreshContent, logger, server }: SkribraServerSetup): void => {
        if (!dev || !refreshContent) return;
        if (!projectId) return void logger.warn('no projectId: content will not refresh when articles change');
        stop(); // a restarted dev server (config edited) runs setup again
        const controller = new AbortController();
        current = controller;
        server.httpServer?.once('close', () => controller.abort());

        let batch: ChangeEvent[] = [];
        let timer: ReturnType<typeof setTimeout> | undefined;
        let refreshing = Promise.resolve();
        // One refresh per burst, one at a time: each is an incremental sync from the loader's stored cursor.
        const refresh = (changes: ChangeEvent[]) => {
          refreshing = refreshing
            .then(() => refreshContent({ loaders: [SKRIBRA_LOADER_NAME], context: { skribraChanges: changes } }))
            .then(
              () => {
                if (changes.length) logger.info(`refreshed after ${describe(changes)}`);
              },
              (err: Error) => logger.warn(`refresh failed: ${err.message}`),
            );
        };
        const schedule = (change: ChangeEvent) => {
          batch.push(change);
          timer ??= setTimeout(() => {
            timer = undefined;
            const changes = batch;
            batch = [];
            if (!controller.signal.aborted) refresh(changes);
          }, debounceMs);
        };
        controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });

        let connected = false;
        const follow = async () => {
          const client = clientFromEnv(clientOptions);
          const onReady = () => {
            if (connected) return;
            connected = true;
            logger.info(`watching ${projectId} for changes`);
            // The stream starts at the present: this catches what changed between the startup sync and now.
            refresh([]);
          };
          for await (const change of client.watch(projectId, { signal: controller.signal, onReady })) schedule(change);
        };
        follow().catch((err: unknown) => {
          const why = err instanceof SkribraError ? `${err.status} ${err.code}: ${err.message}` : String(err);
          logger.error(`stopped watching ${projectId} (${why}); restart the dev server to try again`);
        });
      },
      'astro:server:done': stop,
    },
  };
}
