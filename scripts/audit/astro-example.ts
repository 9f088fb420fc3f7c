// The Astro example (examples/astro-site) built for the site audit against the audit's own origin, as a customer
// would build it: the @skribra/content client (built by `npm run build:client`), the loader's sync over the content
// API, and the article images through Astro's image service from the origin's files. Asynchronous: the origin it
// reads from answers in this same process meanwhile.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/astro-site');

export interface ExampleBuild {
  /** The origin whose content API and images the example reads. */
  baseUrl: string;
  apiKey: string;
  projectId: string;
  outDir: string;
  /** Astro's cache (the loader's sync cursor and the image cache): a fresh one, so nothing of another origin's leaks in. */
  cacheDir: string;
}

/** Builds the example into `outDir`; rejects with the build's output when it fails. */
export function buildAstroExample({ baseUrl, apiKey, projectId, outDir, cacheDir }: ExampleBuild): Promise<void> {
  if (!existsSync(join(ROOT, 'packages/content-client/dist/astro.js')))
    return Promise.reject(new Error('the content client is not built: run npm run build:client first'));
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', EXAMPLE, '--outDir', outDir],
      {
        cwd: EXAMPLE,
        env: {
          ...process.env,
          SKRIBRA_BASE_URL: baseUrl,
          SKRIBRA_API_KEY: apiKey,
          SKRIBRA_PROJECT_ID: projectId,
          ASTRO_CACHE_DIR: cacheDir,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`the Astro example's build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}
