// The one browser of a site audit, kept open for the whole run: Playwright drives it (screenshots, overflow, axe) and
// Lighthouse connects to its remote debugging port. Starting a Chrome per Lighthouse run cost seconds per page.
// Lighthouse's tabs live in the default browser context, which a launched (not persistent) Playwright browser leaves
// alone, so Playwright never attaches to a page Lighthouse is measuring.
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumBinary } from '../../dev/chromium.ts';
import { freePort } from '../../src/store/free-port.ts';

export interface AuditBrowser {
  browser: Browser;
  /** Remote debugging port on 127.0.0.1, for Lighthouse. */
  port: number;
}

/** The browser dev/chromium.ts picks (CHROMIUM_PATH, Debian's, else the bundled one), with a debugging port. */
export async function launchAuditBrowser(): Promise<AuditBrowser> {
  const bin = await chromiumBinary();
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: bin.executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    env: { ...process.env, ...bin.env } as Record<string, string>,
  });
  return { browser, port };
}
