// Seed articles, turned into full own-article records (HTML body with headings, lists, tables and sources; a table
// of contents; JSON-LD). Used by seed.ts for the demo and house accounts. The house blog's articles are written out
// in seed-articles/{slug}.md (markdown with GFM tables); the demo shop's are short ones assembled from their parts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import type { OwnArticleInput } from '../../src/model/schemas/own-article.ts';

export interface Topic {
  slug: string;
  title: string;
  keyword: string;
  type: string;
  excerpt: string;
  intro: string;
  sections: [string, string][];
  list: [string, string[]];
  table: [string, string[], string[][]];
  sources: [string, string, string][];
  /** The whole body as markdown; when set it replaces intro, sections, list and table. */
  markdown?: string;
}

const markdownToHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug).use(rehypeStringify).freeze();
const unescapeHtml = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&#x26;|&amp;/g, '&')
    .replace(/&#x3C;|&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** A written-out article body and its h2 headings (id, text) for the table of contents. */
function renderBody(markdown: string): { html: string; headings: [string, string][] } {
  const html = String(markdownToHtml.processSync(markdown)).trim();
  return { html, headings: [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)]) };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const anchor = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function toArticle(t: Topic, site: string, publisher: string, related: Topic[]): OwnArticleInput {
  const sourcesHtml = `<h2 id="sources">Sources</h2>\n<ol>\n${t.sources.map(([title, url]) => `  <li><a href="${url}">${esc(title)}</a></li>`).join('\n')}\n</ol>`;
  const written = t.markdown ? renderBody(t.markdown) : undefined;
  const toc: [string, string][] = written
    ? [...written.headings, ['sources', 'Sources']]
    : [...t.sections.map(([h]) => h), t.list[0], t.table[0]].map((h) => [anchor(h), h]);
  const body = written
    ? `${written.html}\n${sourcesHtml}`
    : [
        `<p>${esc(t.intro)}</p>`,
        ...t.sections.map(([h, p]) => `<h2 id="${anchor(h)}">${esc(h)}</h2>\n<p>${esc(p)}</p>`),
        `<h2 id="${anchor(t.list[0])}">${esc(t.list[0])}</h2>\n<ul>\n${t.list[1].map((i) => `  <li>${esc(i)}</li>`).join('\n')}\n</ul>`,
        `<h2 id="${anchor(t.table[0])}">${esc(t.table[0])}</h2>\n<table>\n  <thead><tr>${t.table[1].map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead>\n  <tbody>\n${t.table[2].map((r) => `    <tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('\n')}\n  </tbody>\n</table>`,
        sourcesHtml,
      ].join('\n');
  const words = body
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  const url = `${site}/blog/${t.slug}`;
  return {
    title: t.title,
    slug: t.slug,
    keyword: t.keyword,
    type: t.type,
    excerpt: t.excerpt,
    meta_description: t.excerpt,
    content_html: body,
    reading_time: Math.max(1, Math.round(words / 220)),
    // The cover the site builds for every article (its Open Graph image, src/site/pages/og/[...path].png.ts), 1200 x 630.
    image_url: `${site}/og/blog/${t.slug}.png`,
    image_alt: `Cover card: ${t.title}`,
    image_width: 1200,
    image_height: 630,
    tags: [...new Set([t.type, t.keyword.split(' ')[0]!])],
    author: { name: `${publisher} editorial team`, url: `${site}/` },
    language: 'en',
    url,
    toc_html: `<nav class="toc"><ol>${toc.map(([id, h]) => `<li><a href="#${id}">${esc(h)}</a></li>`).join('')}</ol></nav>`,
    related_articles: related
      .filter((r) => r.slug !== t.slug)
      .slice(0, 3)
      .map((r) => ({ title: r.title, slug: r.slug, url: `${site}/blog/${r.slug}` })),
    sources: t.sources.map(([title, u, pub]) => ({ title, url: u, publisher: pub })),
    json_ld: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: t.title,
        description: t.excerpt,
        keywords: t.keyword,
        url,
        mainEntityOfPage: url,
        image: `${site}/og/blog/${t.slug}.png`,
        author: { '@type': 'Organization', name: publisher },
        publisher: { '@type': 'Organization', name: publisher },
      },
    ],
  };
}

const G = ['Google Search Central', 'https://developers.google.com/search/docs', 'Google'] as [string, string, string];
const src = (title: string, path: string): [string, string, string] => [
  title,
  `https://developers.google.com/search/docs/${path}`,
  'Google Search Central',
];

/** A coffee-equipment shop's blog: the demo account's articles. */
export const demoTopics: Topic[] = [
  {
    slug: 'best-burr-grinder-for-espresso',
    title: 'The best burr grinder for espresso at home',
    keyword: 'burr grinder for espresso',
    type: 'buying-guide',
    excerpt: 'Flat or conical, stepped or stepless: how to pick an espresso grinder that matches your machine and budget.',
    intro: 'Your grinder matters more than your espresso machine. A consistent grind is what lets you dial in a shot instead of guessing.',
    sections: [
      [
        'Flat or conical burrs',
        'Conical burrs are forgiving and quiet; flat burrs give a more uniform particle size and a clearer cup, at the cost of more retention.',
      ],
      [
        'Stepless adjustment',
        'Espresso needs adjustments finer than most stepped grinders allow. Stepless collars let you move in tiny increments while dialling in.',
      ],
    ],
    list: [
      'What to check before you buy',
      ['Burr size of at least 54 mm', 'Retention under 0.5 g', 'Stepless or micro-stepped adjustment', 'Spare parts sold separately'],
    ],
    table: [
      'Grinders compared',
      ['Grinder type', 'Price range', 'Best for'],
      [
        ['Entry conical', '$150-250', 'First espresso setup'],
        ['Mid flat', '$400-700', 'Light roasts'],
        ['Single-dose flat', '$800+', 'Enthusiasts'],
      ],
    ],
    sources: [['SCA grind size guide', 'https://sca.coffee/research', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'how-to-dial-in-espresso',
    title: 'How to dial in espresso in five shots',
    keyword: 'dial in espresso',
    type: 'guide',
    excerpt: 'A repeatable routine for dialling in a new bag: fix the dose, change one variable, taste, repeat.',
    intro: 'Dialling in is a loop: pull, taste, adjust one thing. Five shots are usually enough when you change one variable at a time.',
    sections: [
      ['Fix the dose and ratio first', 'Start at 18 g in and 36 g out. Keep both fixed while you adjust grind size.'],
      [
        'Read the taste, not the timer',
        'Sour and thin means under-extracted: grind finer. Bitter and dry means over-extracted: grind coarser.',
      ],
    ],
    list: [
      'The five-shot routine',
      [
        'Shot 1: baseline at your usual grind',
        'Shot 2: two steps finer or coarser',
        'Shot 3: split the difference',
        'Shots 4-5: adjust ratio by 2 g',
      ],
    ],
    table: [
      'Taste and fix',
      ['Taste', 'Cause', 'Fix'],
      [
        ['Sour', 'Under-extraction', 'Grind finer'],
        ['Bitter', 'Over-extraction', 'Grind coarser'],
        ['Weak', 'Ratio too long', 'Shorten the ratio'],
      ],
    ],
    sources: [['Espresso brewing control chart', 'https://sca.coffee/research/coffee-standards', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'pour-over-ratio-guide',
    title: 'Pour-over coffee ratio: a practical guide',
    keyword: 'pour over ratio',
    type: 'guide',
    excerpt: 'Why 1:16 is a starting point, not a rule, and how to adjust the ratio for light and dark roasts.',
    intro: 'The ratio of coffee to water sets the strength of your cup. Most brewers start at 1:16 and adjust from there.',
    sections: [
      ['Strength versus extraction', 'Ratio changes strength; grind and time change extraction. Fix one before tuning the other.'],
      ['Light and dark roasts', 'Light roasts often taste better slightly stronger, around 1:15; dark roasts open up at 1:17.'],
    ],
    list: ['Kit you need', ['A scale with 0.1 g resolution', 'A gooseneck kettle', 'A burr grinder', 'Filtered water at 92-96 °C']],
    table: [
      'Ratios for one cup',
      ['Ratio', 'Coffee', 'Water'],
      [
        ['1:15', '20 g', '300 g'],
        ['1:16', '19 g', '300 g'],
        ['1:17', '18 g', '300 g'],
      ],
    ],
    sources: [['Brewing best practices', 'https://sca.coffee/research/protocols-best-practices', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'descaling-espresso-machine',
    title: 'Descaling an espresso machine: when and how',
    keyword: 'descale espresso machine',
    type: 'how-to',
    excerpt: 'Scale kills boilers slowly. Here is how often to descale, which descaler to use and what to avoid.',
    intro: 'Limescale insulates heating elements and blocks narrow pipes. Regular descaling is cheaper than a new boiler.',
    sections: [
      ['How often', 'With hard water, descale monthly; with softened or filtered water, every three to six months.'],
      [
        'Citric acid or commercial descaler',
        'Citric acid works for most machines, but brass boilers prefer the descaler their maker recommends.',
      ],
    ],
    list: [
      'Signs you need to descale',
      ['Slower flow from the group head', 'Steam wand sputters', 'Longer heat-up time', 'White flakes in the drip tray'],
    ],
    table: [
      'Water hardness and interval',
      ['Hardness', 'ppm CaCO3', 'Interval'],
      [
        ['Soft', '< 60', '6 months'],
        ['Moderate', '60-120', '3 months'],
        ['Hard', '> 120', 'Monthly'],
      ],
    ],
    sources: [['Water quality handbook', 'https://sca.coffee/research/water', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'cold-brew-at-home',
    title: 'Cold brew at home without special gear',
    keyword: 'cold brew at home',
    type: 'recipe',
    excerpt: 'A jar, a filter and twelve hours: the simplest cold brew recipe and how to keep it from tasting flat.',
    intro: 'Cold brew trades heat for time. The result is low in acidity and easy to scale up for a week of iced coffee.',
    sections: [
      ['Grind coarse', 'A coarse grind keeps the concentrate clear and makes filtering easy.'],
      [
        'Steep in the fridge',
        'Twelve to sixteen hours in the fridge gives a sweeter, cleaner concentrate than steeping at room temperature.',
      ],
    ],
    list: ['Recipe', ['100 g coarse coffee', '1 litre cold water', 'Steep 14 hours in the fridge', 'Filter and dilute 1:1']],
    table: [
      'Steep times',
      ['Temperature', 'Time', 'Result'],
      [
        ['Fridge 4 °C', '14-16 h', 'Sweet, clean'],
        ['Room 20 °C', '10-12 h', 'Fuller, more bitter'],
        ['Fridge 4 °C', '24 h', 'Flat, woody'],
      ],
    ],
    sources: [['Cold brew research', 'https://sca.coffee/research/cold-brew', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'espresso-machine-buying-guide',
    title: 'Espresso machine buying guide for 2026',
    keyword: 'espresso machine buying guide',
    type: 'buying-guide',
    excerpt: 'Single boiler, heat exchanger or dual boiler? What each design means for milk drinks and workflow.',
    intro: 'The boiler design decides how quickly you can go from shot to steamed milk, and that decides your morning.',
    sections: [
      ['Single boiler', 'Cheapest and simplest; you wait between brewing and steaming.'],
      [
        'Heat exchanger and dual boiler',
        'Heat exchangers brew and steam at once with some temperature drift; dual boilers control both precisely.',
      ],
    ],
    list: [
      'Questions to ask',
      [
        'How many milk drinks a day?',
        'Is PID temperature control included?',
        'Is the group head a standard 58 mm?',
        'Are service parts available locally?',
      ],
    ],
    table: [
      'Designs compared',
      ['Design', 'Milk drinks', 'Price'],
      [
        ['Single boiler', 'Slow', '$400-900'],
        ['Heat exchanger', 'Fast', '$1,200-2,000'],
        ['Dual boiler', 'Fast, precise', '$1,800+'],
      ],
    ],
    sources: [['Espresso machine standards', 'https://sca.coffee/research/equipment', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'milk-steaming-microfoam',
    title: 'Steaming milk for latte art: microfoam basics',
    keyword: 'steaming milk microfoam',
    type: 'guide',
    excerpt: 'Stretch, then spin: the two phases of steaming milk and the temperature where sweetness peaks.',
    intro: 'Good microfoam is glossy, with no visible bubbles. It comes from a short stretching phase and a longer spin.',
    sections: [
      ['Stretching', 'Keep the tip just below the surface for a few seconds to add air until the jug feels warm.'],
      ['Spinning', 'Sink the tip and angle the jug to create a vortex that folds big bubbles into microfoam.'],
    ],
    list: [
      'Common mistakes',
      ['Starting with warm milk', 'Stretching too long', 'Heating past 65 °C', 'Letting the milk sit before pouring'],
    ],
    table: [
      'Milk and foam',
      ['Milk', 'Foam quality', 'Notes'],
      [
        ['Whole', 'Excellent', 'Sweet, stable'],
        ['Oat barista', 'Very good', 'Needs less stretching'],
        ['Skimmed', 'Stiff', 'Dry foam'],
      ],
    ],
    sources: [['Milk science for baristas', 'https://sca.coffee/research/milk', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'coffee-storage-freshness',
    title: 'How to store coffee beans so they stay fresh',
    keyword: 'store coffee beans',
    type: 'guide',
    excerpt: 'Air, light, heat and moisture age coffee. Where to keep beans, and whether freezing is worth it.',
    intro: 'Roasted coffee peaks a week or two after roasting, then slowly goes stale. Storage slows that down.',
    sections: [
      ['Airtight and dark', 'An opaque airtight canister in a cupboard beats a clear jar on the counter.'],
      ['Freezing', 'Freezing in single-dose airtight portions works well; thawing and refreezing a whole bag does not.'],
    ],
    list: [
      'Storage rules',
      ['Buy what you drink in two to three weeks', 'Keep away from the stove', 'Grind just before brewing', 'Freeze only sealed portions'],
    ],
    table: [
      'Shelf life',
      ['Form', 'Room temperature', 'Frozen'],
      [
        ['Whole bean', '3-4 weeks', '3 months'],
        ['Ground', '1 week', '1 month'],
        ['Green', '12 months', 'n/a'],
      ],
    ],
    sources: [['Coffee freshness study', 'https://sca.coffee/research/freshness', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'aeropress-recipes',
    title: 'Three AeroPress recipes worth learning',
    keyword: 'aeropress recipe',
    type: 'listicle',
    excerpt: 'A standard recipe, an inverted one and a concentrate for iced drinks, with ratios and times.',
    intro: 'The AeroPress is forgiving and portable. These three recipes cover most of what people brew with it.',
    sections: [
      ['Standard', '15 g coffee, 250 g water at 90 °C, stir, steep two minutes, press slowly.'],
      ['Inverted', 'Flip the brewer to stop drip-through and get full immersion for a heavier cup.'],
    ],
    list: [
      'Recipes at a glance',
      ['Standard: 1:16, 2 min', 'Inverted: 1:15, 2.5 min', 'Concentrate: 1:6, dilute after', 'Use a medium-fine grind'],
    ],
    table: [
      'Recipes compared',
      ['Recipe', 'Ratio', 'Time'],
      [
        ['Standard', '1:16', '2:00'],
        ['Inverted', '1:15', '2:30'],
        ['Concentrate', '1:6', '1:30'],
      ],
    ],
    sources: [['AeroPress brewing guide', 'https://aeropress.com/pages/how-to-use', 'AeroPress'], G],
  },
  {
    slug: 'water-for-coffee',
    title: 'What water to use for coffee',
    keyword: 'best water for coffee',
    type: 'guide',
    excerpt: 'Coffee is 98 percent water. Mineral content changes extraction, and tap water is often too hard.',
    intro: 'Water hardness and alkalinity change how coffee extracts and tastes, and how fast your machine scales.',
    sections: [
      [
        'Hardness extracts, alkalinity buffers',
        'Magnesium and calcium help extraction; bicarbonate buffers acidity and can make coffee taste flat.',
      ],
      ['Practical options', 'A jug filter or mineral packets added to distilled water give consistent results.'],
    ],
    list: ['Targets for brewing water', ['Total hardness 50-175 ppm', 'Alkalinity around 40 ppm', 'pH close to 7', 'No chlorine taste']],
    table: [
      'Water options',
      ['Option', 'Cost', 'Consistency'],
      [
        ['Tap', 'Low', 'Varies'],
        ['Jug filter', 'Low', 'Medium'],
        ['Distilled + minerals', 'Medium', 'High'],
      ],
    ],
    sources: [['SCA water standard', 'https://sca.coffee/research/water-quality', 'Specialty Coffee Association'], G],
  },
  {
    slug: 'single-origin-vs-blend',
    title: 'Single origin or blend: which to buy',
    keyword: 'single origin vs blend',
    type: 'comparison',
    excerpt: 'Blends aim for consistency; single origins show a place. Which suits espresso, filter and milk drinks.',
    intro:
      'Neither is better. They answer different questions: what this farm tastes like, or what a roaster wants every cup to taste like.',
    sections: [
      ['Why roasters blend', 'Blending evens out seasonal changes and balances body, sweetness and acidity for espresso.'],
      ['Why single origin', 'Single origins are traceable and distinctive, and they shine in filter brewing.'],
    ],
    list: [
      'Pick by drink',
      ['Milk drinks: a blend', 'Straight espresso: either', 'Filter: single origin', 'Cold brew: a chocolatey blend'],
    ],
    table: [
      'At a glance',
      ['Trait', 'Single origin', 'Blend'],
      [
        ['Consistency', 'Seasonal', 'High'],
        ['Traceability', 'High', 'Varies'],
        ['Best brew', 'Filter', 'Espresso'],
      ],
    ],
    sources: [
      ["Coffee taster's flavor wheel", 'https://sca.coffee/research/coffee-tasters-flavor-wheel', 'Specialty Coffee Association'],
      G,
    ],
  },
  {
    slug: 'coffee-grind-size-chart',
    title: 'Coffee grind size chart for every brew method',
    keyword: 'coffee grind size chart',
    type: 'reference',
    excerpt: 'From Turkish to cold brew: the grind size each method needs and how to tell by touch.',
    intro: 'Each brew method has a contact time, and grind size has to match it. This chart is a starting point.',
    sections: [
      ['Why size matters', 'Finer grounds expose more surface and extract faster; coarser grounds need longer contact.'],
      ['Checking by touch', 'Espresso feels like fine salt, filter like sand, French press like coarse sea salt.'],
    ],
    list: ['Rules of thumb', ['Short contact: finer', 'Long contact: coarser', 'Change one step at a time', 'Recheck after new beans']],
    table: [
      'Grind by method',
      ['Method', 'Grind', 'Contact time'],
      [
        ['Espresso', 'Fine', '25-30 s'],
        ['Pour-over', 'Medium-fine', '2.5-3.5 min'],
        ['French press', 'Coarse', '4 min'],
      ],
    ],
    sources: [['Brewing control chart', 'https://sca.coffee/research/brewing', 'Specialty Coffee Association'], G],
  },
];

const gsc = (title: string, id: string): [string, string, string] => [
  title,
  `https://support.google.com/webmasters/answer/${id}`,
  'Search Console Help',
];
const HELPFUL = src('Creating helpful, reliable, people-first content', 'fundamentals/creating-helpful-content');
const STARTER = src('SEO starter guide', 'fundamentals/seo-starter-guide');
const PERFORMANCE = gsc('Performance report (Search results)', '7576553');

/** Sources per house-blog article: primary documentation the article relies on. */
const BLOG_SOURCES: Record<string, [string, string, string][]> = {
  'what-is-programmatic-seo': [
    src('Spam policies for Google web search: scaled content abuse', 'essentials/spam-policies'),
    HELPFUL,
    src('Build and submit a sitemap', 'crawling-indexing/sitemaps/build-sitemap'),
    gsc('Page indexing report', '7440203'),
  ],
  'keyword-cannibalization': [
    PERFORMANCE,
    src('Redirects and Google Search', 'crawling-indexing/301-redirects'),
    src('How to specify a canonical URL with rel="canonical" and other methods', 'crawling-indexing/consolidate-duplicate-urls'),
    STARTER,
  ],
  'internal-linking-strategy': [
    src('Link best practices for Google', 'crawling-indexing/links-crawlable'),
    STARTER,
    gsc('Links report', '9049606'),
  ],
  'search-intent': [
    HELPFUL,
    ['Search Quality Rater Guidelines', 'https://guidelines.raterhub.com/searchqualityevaluatorguidelines.pdf', 'Google'],
    PERFORMANCE,
    src('A guide to Google Search ranking systems', 'appearance/ranking-systems-guide'),
  ],
  'refresh-old-posts': [
    PERFORMANCE,
    HELPFUL,
    src('Influencing your title links in search results', 'appearance/title-link'),
    src('Redirects and Google Search', 'crawling-indexing/301-redirects'),
  ],
  'structured-data-for-blogs': [
    src('Introduction to structured data markup in Google Search', 'appearance/structured-data/intro-structured-data'),
    src('Article (Article, NewsArticle, BlogPosting) structured data', 'appearance/structured-data/article'),
    src('Breadcrumb (BreadcrumbList) structured data', 'appearance/structured-data/breadcrumb'),
    [
      'Changes to HowTo and FAQ rich results',
      'https://developers.google.com/search/blog/2023/08/howto-faq-changes',
      'Google Search Central Blog',
    ],
    ['BlogPosting', 'https://schema.org/BlogPosting', 'Schema.org'],
    ['Schema Markup Validator', 'https://validator.schema.org/', 'Schema.org'],
  ],
  'seo-content-brief': [HELPFUL, PERFORMANCE, STARTER],
  'content-decay': [PERFORMANCE, HELPFUL, src('Redirects and Google Search', 'crawling-indexing/301-redirects')],
  'topical-authority': [HELPFUL, STARTER, src('Link best practices for Google', 'crawling-indexing/links-crawlable'), PERFORMANCE],
  'headless-blog-seo': [
    src('Understand JavaScript SEO basics', 'crawling-indexing/javascript/javascript-seo-basics'),
    src('How to specify a canonical URL with rel="canonical" and other methods', 'crawling-indexing/consolidate-duplicate-urls'),
    src('Build and submit a sitemap', 'crawling-indexing/sitemaps/build-sitemap'),
    src('Redirects and Google Search', 'crawling-indexing/301-redirects'),
    src('HTTP status codes and network errors', 'crawling-indexing/http-network-errors'),
  ],
  'measuring-content-roi': [PERFORMANCE, HELPFUL, STARTER],
  'eeat-for-ai-content': [
    [
      "Google Search's guidance about AI-generated content",
      'https://developers.google.com/search/blog/2023/02/google-search-and-ai-content',
      'Google Search Central Blog',
    ],
    HELPFUL,
    ['Search Quality Rater Guidelines', 'https://guidelines.raterhub.com/searchqualityevaluatorguidelines.pdf', 'Google'],
    src('Spam policies for Google web search', 'essentials/spam-policies'),
  ],
};

/** A house-blog article's written-out body, when seed-articles/{slug}.md exists. */
const written = (slug: string): string | undefined => {
  const file = join(import.meta.dirname, 'seed-articles', `${slug}.md`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

/** Skribra's own blog: the house account's "Skribra blog" project. */
export const blogTopics: Topic[] = [
  [
    'what-is-programmatic-seo',
    'What is programmatic SEO, and when does it work?',
    'programmatic seo',
    'guide',
    'Templates plus data can rank, but only when every page answers a real query better than anything else.',
  ],
  [
    'content-decay',
    'Content decay: finding articles that are losing traffic',
    'content decay',
    'guide',
    'Every article loses clicks eventually. How to spot decay early in search-console data and what to do about it.',
  ],
  [
    'keyword-cannibalization',
    'Keyword cannibalization and how to consolidate it',
    'keyword cannibalization',
    'guide',
    'Two pages for one query split your signals. How to find them and merge them with redirects.',
  ],
  [
    'internal-linking-strategy',
    'An internal linking strategy that scales',
    'internal linking strategy',
    'guide',
    'Hubs, spokes and anchor text: a linking model you can keep up as the blog grows to hundreds of posts.',
  ],
  [
    'eeat-for-ai-content',
    'E-E-A-T for AI-assisted content',
    'eeat ai content',
    'opinion',
    'Search engines rank helpful content, however it was written. What experience and trust look like on the page.',
  ],
  [
    'topical-authority',
    'Building topical authority one cluster at a time',
    'topical authority',
    'guide',
    'Covering a topic in depth beats covering many topics thinly. How to plan a cluster and measure it.',
  ],
  [
    'search-intent',
    'Search intent: match the page to the query',
    'search intent',
    'guide',
    'Informational, commercial, transactional, navigational: read the results page before you write.',
  ],
  [
    'refresh-old-posts',
    'When to refresh an old post, and when to rewrite it',
    'refresh old content',
    'how-to',
    'A refresh keeps the URL and its links; a rewrite changes the answer. Signals that tell you which one is due.',
  ],
  [
    'structured-data-for-blogs',
    'Structured data for blog posts',
    'blog structured data',
    'how-to',
    'BlogPosting, FAQ and breadcrumbs in JSON-LD: what is worth adding and how to validate it.',
  ],
  [
    'seo-content-brief',
    'How to write an SEO content brief',
    'seo content brief',
    'template',
    'A brief that names the query, the intent, the outline and the sources saves a round of edits.',
  ],
  [
    'headless-blog-seo',
    'SEO for a headless blog',
    'headless blog seo',
    'guide',
    'Pulling articles from an API into your own site: rendering, caching, canonical URLs and sitemaps.',
  ],
  [
    'measuring-content-roi',
    'Measuring the ROI of SEO content',
    'seo content roi',
    'guide',
    'Clicks are not revenue. A simple model from impressions to assisted conversions, per article.',
  ],
].map(([slug, title, keyword, type, excerpt]) => ({
  slug: slug!,
  title: title!,
  keyword: keyword!,
  type: type!,
  excerpt: excerpt!,
  markdown: written(slug!),
  intro: `${excerpt} This article walks through the idea, the checks we run and the numbers we watch.`,
  sections: [
    [
      'Why it matters',
      `${title!.replace(/\?$/, '')} comes up in every content programme we run. Getting it right compounds: each article that ranks earns links and clicks for years.`,
    ],
    [
      'How to approach it',
      `Start from the data you already have: search-console queries, pages and their trends. Decide with numbers, then write for the reader.`,
    ],
  ] as [string, string][],
  list: [
    'Checklist',
    [
      'Name the target query and its intent',
      'Check what ranks today and why',
      'Write the answer first, then the detail',
      'Measure again after four weeks',
    ],
  ] as [string, string[]],
  table: [
    'Signals to watch',
    ['Signal', 'Where', 'Healthy'],
    [
      ['Impressions', 'Search Console', 'Stable or rising'],
      ['Click-through rate', 'Search Console', 'Above 2 %'],
      ['Average position', 'Search Console', 'Top 10'],
    ],
  ] as [string, string[], string[][]],
  sources: BLOG_SOURCES[slug!] ?? [HELPFUL, STARTER],
}));
