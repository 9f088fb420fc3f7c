// Articles of realistic size and shape for the sync bench: about 10 KB of HTML each (6 to 14 KB), built from
// headings, paragraphs with links and emphasis, one list, one table and sometimes a quote or code, plus every field
// a customer's site reads (excerpt, tags, author, cover image, related articles, sources, JSON-LD). Deterministic:
// article `i` is the same in every run, and `edition` 1 is an edit of it (other title, body and summary).
import type { Sql } from 'postgres';
import type { OwnArticleInput } from '../src/model/schemas/own-article.ts';

const WORDS = (
  'coffee grinder burr espresso roast bean water kettle filter ratio brew bloom extraction acidity body ' +
  'crema milk foam latte temperature scale timer dose grind setting pour over cold brew storage freshness origin ' +
  'altitude process washed natural honey flavour note chocolate citrus berry caramel sweetness bitterness cleaning ' +
  'descaling maintenance budget upgrade beginner routine morning technique mistake habit equipment'
).split(' ');
const TAGS = [
  'espresso',
  'filter',
  'equipment',
  'beans',
  'guides',
  'reviews',
  'milk',
  'cold brew',
  'maintenance',
  'budget',
  'travel',
  'roasting',
];
const AUTHORS = [
  { name: 'Ana Ruiz', url: 'https://www.example-coffee.com/authors/ana-ruiz' },
  { name: 'Tom Becker' },
  { name: 'Mei Lin', url: 'https://www.example-coffee.com/authors/mei-lin' },
];
const TYPES = ['guide', 'how-to', 'listicle', 'comparison', 'review'];
const SITE = 'https://www.example-coffee.com/blog';

/** mulberry32: a small seeded generator, so the corpus is the same in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The slug of article `i` (stable across editions, so an edit updates the same article). */
export function articleSlug(i: number): string {
  const r = random(i * 7919);
  return `${Array.from({ length: 3 + Math.floor(r() * 3) }, () => WORDS[Math.floor(r() * WORDS.length)])
    .join('-')
    .replace(/ /g, '-')}-${i}`;
}

export function realisticArticle(i: number, edition = 0): OwnArticleInput {
  const r = random(i * 104729 + edition);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const word = () => WORDS[(r() * WORDS.length) | 0]!;
  const words = (n: number) => {
    let s = word();
    for (let k = 1; k < n; k++) s += ` ${word()}`;
    return s;
  };
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const sentence = () => {
    const w: string[] = [];
    for (let k = 8 + ((r() * 14) | 0); k > 0; k--) w.push(word());
    const k = Math.floor(r() * w.length);
    const roll = r();
    if (roll < 0.12) w[k] = `<a href="${SITE}/${articleSlug(1 + Math.floor(r() * 10_000))}">${w[k]}</a>`;
    else if (roll < 0.18) w[k] = `<a href="https://en.wikipedia.org/wiki/${cap(w[k]!)}" rel="noopener">${w[k]}</a>`;
    else if (roll < 0.26) w[k] = `<strong>${w[k]}</strong>`;
    else if (roll < 0.32) w[k] = `<em>${w[k]}</em>`;
    return `${cap(w.join(' '))}.`;
  };
  const paragraph = () => `<p>${Array.from({ length: 3 + Math.floor(r() * 4) }, sentence).join(' ')}</p>\n`;
  const list = () => {
    const tag = r() < 0.5 ? 'ul' : 'ol';
    return `<${tag}>\n${Array.from({ length: 4 + Math.floor(r() * 4) }, () => `<li>${cap(words(4 + Math.floor(r() * 8)))}</li>`).join('\n')}\n</${tag}>\n`;
  };
  const table = () => {
    const cols = 3 + Math.floor(r() * 2);
    const row = (cell: string) =>
      `<tr>${Array.from({ length: cols }, () => `<${cell}>${cap(words(1 + Math.floor(r() * 3)))}</${cell}>`).join('')}</tr>`;
    return `<table>\n<thead>${row('th')}</thead>\n<tbody>\n${Array.from({ length: 4 + Math.floor(r() * 3) }, () => row('td')).join('\n')}\n</tbody>\n</table>\n`;
  };

  const title = `${cap(words(4 + Math.floor(r() * 5)))}${edition ? ' (updated)' : ''}`;
  const target = 5000 + Math.floor(r() * 8000);
  const headings: { id: string; text: string }[] = [];
  let html = paragraph() + paragraph();
  const extras = [
    list,
    table,
    ...(r() < 0.4 ? [() => `<blockquote><p>${sentence()}</p></blockquote>\n`] : []),
    ...(r() < 0.25 ? [() => `<pre><code>ratio = water_g / dose_g  # ${words(4)}</code></pre>\n`] : []),
  ];
  while (html.length < target || extras.length) {
    const text = cap(words(3 + Math.floor(r() * 4)));
    const id = `${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${headings.length + 1}`;
    headings.push({ id, text });
    html += `<h2 id="${id}">${text}</h2>\n${paragraph()}`;
    if (r() < 0.3) html += `<h3>${cap(words(3))}</h3>\n`;
    html += paragraph();
    if (extras.length && (r() < 0.6 || html.length >= target)) html += extras.shift()!();
  }
  const slug = articleSlug(i);
  const excerpt = sentence()
    .replace(/<[^>]+>/g, '')
    .slice(0, 200);
  const related = Array.from({ length: 3 }, () => 1 + Math.floor(r() * 10_000)).map((j) => ({
    title: `Related ${j}`,
    slug: articleSlug(j),
    url: `${SITE}/${articleSlug(j)}`,
  }));
  const author = pick(AUTHORS);
  return {
    title,
    slug,
    content_html: html,
    excerpt,
    meta_description: `${excerpt.slice(0, 140)}…`,
    image_url: `https://images.example-coffee.com/${slug}.jpg`,
    image_alt: cap(words(6)),
    image_width: 1200,
    image_height: 630,
    type: pick(TYPES),
    reading_time: Math.max(1, Math.round(html.replace(/<[^>]+>/g, '').split(/\s+/).length / 230)),
    keyword: words(2),
    tags: [...new Set(Array.from({ length: 2 + Math.floor(r() * 4) }, () => pick(TAGS)))],
    author,
    language: 'en',
    url: `${SITE}/${slug}`,
    toc_html: `<nav class="toc"><ol>${headings.map((h) => `<li><a href="#${h.id}">${h.text}</a></li>`).join('')}</ol></nav>`,
    ...(edition ? { last_change_summary: `Edition ${edition}: ${words(6)}.` } : {}),
    related_articles: related,
    sources: [
      { title: cap(words(4)), url: `https://research.example.org/${words(2).replace(/ /g, '-')}`, publisher: 'Coffee Research Institute' },
      { url: `https://en.wikipedia.org/wiki/${cap(pick(WORDS))}` },
    ],
    json_ld: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: title,
        author: { '@type': 'Person', name: author.name },
        image: `https://images.example-coffee.com/${slug}.jpg`,
      },
    ],
  } as OwnArticleInput;
}

/**
 * Inserts articles 1..n into `projectId`, one multi-row INSERT per 1,000 (the sync log's statement trigger records
 * each chunk in one go): published an hour apart, the newest first.
 */
export async function insertRealisticArticles(sql: Sql, projectId: string, n: number): Promise<{ htmlBytes: number }> {
  let htmlBytes = 0;
  const columns = [
    'id',
    'project_id',
    'slug',
    'title',
    'content_html',
    'excerpt',
    'meta_description',
    'image_url',
    'image_alt',
    'image_width',
    'image_height',
    'type',
    'reading_time',
    'keyword',
    'tags',
    'author',
    'language',
    'url',
    'toc_html',
    'related_articles',
    'sources',
    'json_ld',
    'published_at',
    'created_at',
    'updated_at',
  ];
  const now = Date.now();
  for (let from = 1; from <= n; from += 1000) {
    const rows = [];
    for (let i = from; i <= Math.min(n, from + 999); i++) {
      const a = realisticArticle(i);
      htmlBytes += Buffer.byteLength(a.content_html);
      const at = new Date(now - i * 3_600_000).toISOString();
      rows.push({
        ...a,
        id: `art_bench${String(i).padStart(6, '0')}`,
        project_id: projectId,
        published_at: at,
        created_at: at,
        updated_at: at,
      });
    }
    await sql`insert into articles (${sql(columns)}) select ${sql(columns)} from jsonb_populate_recordset(null::articles, ${sql.json(rows as never)})`;
  }
  return { htmlBytes };
}
