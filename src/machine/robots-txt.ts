/**
 * AI crawlers, named so that a site owner reading robots.txt (and a crawler that only honours a group naming it)
 * sees they are welcome: training, search and user-triggered fetchers of the major AI companies.
 */
export const AI_CRAWLERS = [
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User',
  'ClaudeBot', 'Claude-Web', 'Claude-User', 'Claude-SearchBot', 'anthropic-ai',
  'PerplexityBot', 'Perplexity-User',
  'Google-Extended', 'GoogleOther', 'Applebot', 'Applebot-Extended',
  'CCBot', 'Amazonbot', 'Bytespider', 'meta-externalagent', 'Meta-ExternalFetcher', 'FacebookBot',
  'cohere-ai', 'cohere-training-data-crawler', 'MistralAI-User', 'DuckAssistBot', 'YouBot',
  'Diffbot', 'AI2Bot', 'Timpibot', 'ImagesiftBot', 'PetalBot',
] as const;

/**
 * /robots.txt: everyone may crawl everything except our build artifacts; the sitemap and llms.txt are named.
 * `sitemaps` are paths: /sitemap.xml, then the child sitemaps when it is an index (src/machine/sitemap-xml.ts).
 */
export function robotsTxt(site: string, sitemaps: readonly string[] = ['/sitemap.xml']): string {
  return [
    '# Every crawler is welcome, AI crawlers included. Markdown twins of every page: append .md, or see /llms.txt.',
    '',
    'User-agent: *',
    'Allow: /',
    'Disallow: /_skribra/',
    '',
    '# AI crawlers, named explicitly',
    ...AI_CRAWLERS.map((bot) => `User-agent: ${bot}`),
    'Allow: /',
    'Disallow: /_skribra/',
    '',
    ...sitemaps.map((path) => `Sitemap: ${site}${path}`),
    `# llms.txt: ${site}/llms.txt`,
    '',
  ].join('\n');
}
