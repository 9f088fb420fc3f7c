// The one way tests, e2e and the site audit get a browser, driven by playwright-core (never a downloaded one):
//   - CHROMIUM_PATH when set, else Debian's /usr/bin/chromium when installed;
//   - otherwise (or with SKRIBRA_BROWSER=bundled) the Chromium inside the @sparticuz/chromium devDependency, so
//     `npm install && npm test` needs no system package. Its brotli-packed binary, fonts, SwiftShader and NSS
//     libraries are unpacked once per version into $TMPDIR/skribra-chromium-<version> (a few seconds, then reused;
//     a lock and an atomic rename make concurrent first runs safe).
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { withFileLock } from '../src/store/file-lock.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumBinary {
  executablePath: string;
  /** Extra environment the binary needs (fonts and, where the system lacks them, NSS libraries). */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'system' | 'bundled';
}

let found: Promise<ChromiumBinary> | undefined;

/** The browser binary to use (see the top of this file); resolved once per process. */
export function chromiumBinary(): Promise<ChromiumBinary> {
  found ??= (async () => {
    if (process.env.SKRIBRA_BROWSER === 'bundled') return bundledChromium();
    if (process.env.CHROMIUM_PATH) {
      if (!existsSync(process.env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
      return { executablePath: process.env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
    }
    if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, env: {}, source: 'system' };
    return bundledChromium();
  })();
  return found;
}

export async function launch(): Promise<Browser> {
  const bin = await chromiumBinary();
  return chromium.launch({
    executablePath: bin.executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, ...bin.env } as Record<string, string>,
  });
}

async function bundledChromium(): Promise<ChromiumBinary> {
  // The package exports only its entry point (build/index.js); its root is two levels up.
  const pkgDir = dirname(dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))));
  const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  const dir = join(tmpdir(), `skribra-chromium-${version}`);
  if (!existsSync(join(dir, 'chromium'))) {
    await withFileLock(
      `${dir}.lock`,
      async () => {
        if (existsSync(join(dir, 'chromium'))) return; // another process unpacked it while we waited
        const staging = `${dir}.tmp-${process.pid}`;
        rmSync(staging, { recursive: true, force: true });
        mkdirSync(staging, { recursive: true });
        const bin = join(pkgDir, 'bin');
        await Promise.all([
          pipeline(
            createReadStream(join(bin, 'chromium.br')),
            createBrotliDecompress(),
            createWriteStream(join(staging, 'chromium'), { mode: 0o755 }),
          ),
          untar(join(bin, 'fonts.tar.br'), join(staging, 'fonts')), // fonts/fonts/<family>/*.ttf
          untar(join(bin, 'swiftshader.tar.br'), staging), // libGLESv2.so and friends, found next to the binary
          untar(join(bin, 'al2023.tar.br'), join(staging, 'nss')), // lib/libnss3.so ... for systems without them
        ]);
        // Our own fontconfig file: the system's configuration when there is one, plus the packaged fonts.
        writeFileSync(
          join(staging, 'fonts', 'fonts.conf'),
          `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${join(dir, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
        );
        renameSync(staging, dir);
      },
      120_000,
    );
  }
  const executablePath = join(dir, 'chromium');
  const env: Record<string, string> = { FONTCONFIG_PATH: join(dir, 'fonts'), FONTCONFIG_FILE: join(dir, 'fonts', 'fonts.conf') };
  // The binary links NSS/NSPR/expat dynamically: use the system's when it has them, else the packaged ones.
  const ldd = spawnSync('ldd', [executablePath], { encoding: 'utf8' });
  if (ldd.status !== 0 || /not found/.test(ldd.stdout)) {
    env.LD_LIBRARY_PATH = [join(dir, 'nss', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  }
  return { executablePath, env, source: 'bundled' };
}

/** Unpacks a .tar.br into `to` with the system's tar (no extra dependency), through a plain .tar on disk. */
async function untar(file: string, to: string): Promise<void> {
  mkdirSync(to, { recursive: true });
  const tarFile = join(to, `.${basename(file, '.br')}`);
  await pipeline(createReadStream(file), createBrotliDecompress(), createWriteStream(tarFile));
  const tar = spawnSync('tar', ['-x', '--no-same-owner', '-f', tarFile, '-C', to], { encoding: 'utf8' });
  rmSync(tarFile, { force: true });
  if (tar.status !== 0) throw new Error(`tar could not unpack ${file}: ${tar.stderr || tar.error?.message}`);
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
