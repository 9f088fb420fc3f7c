// Lighthouse through its Node API against a browser that is already running (see launch-audit-browser.ts), instead of
// its CLI, which starts and kills a Chrome of its own for every run. Each run opens a fresh tab in the browser's
// default context and clears the origin's storage and the HTTP cache first (Lighthouse's storage reset), as a new
// Chrome would have nothing cached.
import lighthouse, { defaultConfig, desktopConfig } from 'lighthouse';

/**
 * The audits of `categories` that weigh nothing in their category's score (diagnostics such as main-thread work or
 * the back/forward cache check): each run leaves them out, with the full-page screenshot, since only the scores are
 * read. Gathering them cost about a third of every run; the scores are the same (the desktop preset has the
 * default's categories).
 */
function unweightedAudits(categories: readonly string[]): string[] {
  const refs = categories.flatMap((c) => defaultConfig.categories?.[c]?.auditRefs ?? []);
  const weighted = new Set(refs.filter((r) => r.weight > 0).map((r) => r.id));
  return [...new Set(refs.map((r) => r.id))].filter((id) => !weighted.has(id));
}

/**
 * How long a run waits after first paint and after load, and how long the network and the main thread must be quiet
 * before it ends the trace: Lighthouse's defaults are 1,000 ms each, sized for pages on the open web with third-party
 * scripts. The audited pages come from the local origin over loopback with at most a few KB of their own scripts, and
 * are quiet long before: at 250 ms every score of every page stayed the same and a run's navigation took 1.0-1.3 s
 * instead of 2.5-2.8 s (50 runs an audit).
 */
const SETTLE_MS = 250;

/** The audits an image page is held to besides its scores (they weigh nothing, so they are otherwise left out). */
const IMAGE_AUDITS = ['largest-contentful-paint-element', 'lcp-lazy-loaded'];

/** What a run says of a page's images: its layout shift, its largest paint and whether that was lazy-loaded. */
export interface ImageFindings {
  /** Cumulative layout shift. */
  cls: number;
  /** The largest paint's element, as Lighthouse quotes it. */
  lcpElement: string;
  /** Whether the largest paint is an image that was lazy-loaded; undefined when it is no image. */
  lcpLazy: boolean | undefined;
}

export interface LighthouseOptions<C extends string> {
  /** The browser's remote debugging port on 127.0.0.1. */
  port: number;
  /** The categories to score, each as a whole number from 0 to 100. */
  categories: readonly C[];
  /** Audits left out of every run. */
  skipAudits: readonly string[];
}

/**
 * Runs one page at one width: at 1000 px and up Lighthouse's desktop preset, below it Lighthouse's mobile emulation
 * (throttling included) on a `width` × 844 screen at 3× (the settings the CLI's `--preset=desktop` and
 * `--screenEmulation.*` flags set). Runs must not overlap: performance under simulated throttling is measured from
 * the page's own CPU time, which a second run on this machine would slow.
 */
export function lighthouseScores<C extends string>({ port, categories, skipAudits }: LighthouseOptions<C>) {
  const skipped = [...skipAudits, ...unweightedAudits(categories)];
  const skippedForImages = skipped.filter((id) => !IMAGE_AUDITS.includes(id));
  function scores(url: string, width: number): Promise<Record<C, number>>;
  function scores(url: string, width: number, images: true): Promise<Record<C, number> & { images: ImageFindings }>;
  async function scores(url: string, width: number, images = false): Promise<Record<C, number> & { images?: ImageFindings }> {
    const desktop = width >= 1000;
    const result = await lighthouse(
      url,
      {
        port,
        hostname: '127.0.0.1',
        logLevel: 'silent',
        output: 'json',
        onlyCategories: [...categories],
        skipAudits: images ? skippedForImages : skipped,
        disableFullPageScreenshot: true,
        pauseAfterFcpMs: SETTLE_MS,
        pauseAfterLoadMs: SETTLE_MS,
        networkQuietThresholdMs: SETTLE_MS,
        cpuQuietThresholdMs: SETTLE_MS,
        ...(desktop ? {} : { screenEmulation: { mobile: true, width, height: 844, deviceScaleFactor: 3 } }),
      },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    const out = Object.fromEntries(categories.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      C,
      number
    >;
    if (!images) return out;
    const audit = (id: string) => result.lhr.audits[id];
    const lazy = audit('lcp-lazy-loaded');
    const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(JSON.stringify(audit('largest-contentful-paint-element')?.details ?? {}))?.[1];
    return {
      ...out,
      images: {
        cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
        lcpElement: snippet ? (JSON.parse(`"${snippet}"`) as string) : 'unknown',
        lcpLazy: lazy?.scoreDisplayMode === 'notApplicable' || lazy?.score === null || lazy === undefined ? undefined : lazy.score !== 1,
      },
    };
  }
  return scores;
}
