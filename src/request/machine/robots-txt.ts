import { DEFAULT_CONTENT_SIGNALS, type ContentSignals } from '../../model/schemas/content-signals.ts';

/**
 * AI crawlers, named so that a site owner reading robots.txt (and a crawler that only honours a group naming it)
 * sees they are welcome: training, search and user-triggered fetchers of the major AI companies.
 */
export const AI_CRAWLERS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-Web',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'GoogleOther',
  'Applebot',
  'Applebot-Extended',
  'CCBot',
  'Amazonbot',
  'Bytespider',
  'meta-externalagent',
  'Meta-ExternalFetcher',
  'FacebookBot',
  'cohere-ai',
  'cohere-training-data-crawler',
  'MistralAI-User',
  'DuckAssistBot',
  'YouBot',
  'Diffbot',
  'AI2Bot',
  'Timpibot',
  'ImagesiftBot',
  'PetalBot',
] as const;

/** The value of a `Content-Signal` line or header: `search=yes, ai-input=yes, ai-train=no`, in the policy's order. */
export const contentSignalValue = (signals: ContentSignals): string =>
  (['search', 'ai-input', 'ai-train'] as const)
    .filter((k) => signals[k])
    .map((k) => `${k}=${signals[k]}`)
    .join(', ');

/** Cloudflare's Content Signals Policy (contentsignals.org, CC0), as it asks to be stated above the signals. */
const CONTENT_SIGNALS_POLICY = [
  'As a condition of accessing this website, you agree to abide by the following content signals:',
  '',
  '(a) If a content-signal = yes, you may collect content for the corresponding use.',
  '(b) If a content-signal = no, you may not collect content for the corresponding use.',
  '(c) If the website operator does not include a content signal for a corresponding use, the website operator',
  '    neither grants nor restricts permission via content signal with respect to the corresponding use.',
  '',
  'The content signals and their meanings are:',
  '',
  'search: building a search index and providing search results (e.g., returning hyperlinks and short excerpts',
  "    from your website's contents). Search does not include providing AI-generated search summaries.",
  'ai-input: inputting content into one or more AI models (e.g., retrieval augmented generation, grounding, or',
  '    other real-time taking of content for generative AI search answers).',
  'ai-train: training or fine-tuning AI models.',
  '',
  'ANY RESTRICTIONS EXPRESSED VIA CONTENT SIGNALS ARE EXPRESS RESERVATIONS OF RIGHTS UNDER ARTICLE 4 OF THE',
  'EUROPEAN UNION DIRECTIVE 2019/790 ON COPYRIGHT AND RELATED RIGHTS IN THE DIGITAL SINGLE MARKET.',
].map((line) => (line ? `# ${line}` : '#'));

/**
 * /robots.txt: everyone may crawl everything except our build artifacts; the sitemap and llms.txt are named. Every
 * user agent group states the site's Content Signals (content/content-signals.yaml) under the policy's text.
 * `sitemaps` are paths: /sitemap.xml, then the child sitemaps when it is an index (src/request/machine/sitemap-xml.ts).
 */
export function robotsTxt(
  site: string,
  sitemaps: readonly string[] = ['/sitemap.xml'],
  signals: ContentSignals = DEFAULT_CONTENT_SIGNALS,
): string {
  const rules = [`Content-Signal: ${contentSignalValue(signals)}`, 'Allow: /', 'Disallow: /_skribra/'];
  return [
    '# Every crawler is welcome, AI crawlers included. Markdown twins of every page: append .md, or see /llms.txt.',
    '#',
    ...CONTENT_SIGNALS_POLICY,
    '',
    'User-agent: *',
    ...rules,
    '',
    '# AI crawlers, named explicitly',
    ...AI_CRAWLERS.map((bot) => `User-agent: ${bot}`),
    ...rules,
    '',
    ...sitemaps.map((path) => `Sitemap: ${site}${path}`),
    `# llms.txt: ${site}/llms.txt`,
    '',
  ].join('\n');
}
