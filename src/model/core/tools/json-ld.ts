// JSON-LD for Article and FAQPage, with the checks the JSON-LD Generator page promises: required fields, ISO 8601
// dates (a time needs a zone), absolute URLs, modified not before published, non-empty and unique questions.

interface ArticleInput {
  type: 'Article';
  headline: string;
  images: string[];
  datePublished: string;
  dateModified?: string;
  authors: { name: string; url?: string }[];
}
interface FaqInput {
  type: 'FAQPage';
  faqs: { question: string; answer: string }[];
}
export type JsonLdInput = ArticleInput | FaqInput;

interface FieldProblem {
  field: string;
  message: string;
}
interface JsonLdResult {
  data: Record<string, unknown>;
  errors: FieldProblem[];
  warnings: FieldProblem[];
  /** The ready-to-paste tag; `<` is escaped so no value can close the script element early. */
  scriptTag: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of a valid ISO 8601 date or zoned date-time, else an explanation. */
export function parseIsoDate(value: string): number | string {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v)) return 'has a time but no time zone; add Z or an offset such as +02:00';
  const m = DATE.exec(v) ?? DATE_TIME.exec(v);
  if (!m) return 'is not an ISO 8601 date such as 2026-03-14 or 2026-03-14T09:30:00+01:00';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return 'is not a real calendar date';
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return 'has an impossible time';
  return m[4] === undefined ? day.getTime() : Date.parse(v);
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
}

const scriptTag = (data: unknown): string =>
  `<script type="application/ld+json">\n${JSON.stringify(data, null, 2).replace(/</g, '\\u003c')}\n</script>`;

function article(input: ArticleInput, errors: FieldProblem[], warnings: FieldProblem[]) {
  const headline = input.headline.trim();
  if (!headline) errors.push({ field: 'headline', message: 'Headline is required.' });
  else if (headline.length > 110)
    warnings.push({
      field: 'headline',
      message: `Headline is ${headline.length} characters; some features cut it off, so keep it concise.`,
    });
  const images = input.images.map((i) => i.trim()).filter(Boolean);
  if (!images.length) errors.push({ field: 'images', message: 'Add at least one image URL.' });
  images.forEach((url, i) => {
    if (!isAbsoluteUrl(url))
      errors.push({ field: `images.${i}`, message: `Image ${i + 1} must be an absolute URL starting with https://.` });
  });
  const published = input.datePublished.trim() ? parseIsoDate(input.datePublished) : 'is required';
  if (typeof published === 'string') errors.push({ field: 'datePublished', message: `Date published ${published}.` });
  let modified: number | string | undefined;
  if (input.dateModified?.trim()) {
    modified = parseIsoDate(input.dateModified);
    if (typeof modified === 'string') errors.push({ field: 'dateModified', message: `Date modified ${modified}.` });
    else if (typeof published === 'number' && modified < published)
      errors.push({ field: 'dateModified', message: 'Date modified is earlier than date published.' });
  }
  const authors = input.authors.filter((a) => a.name.trim() || a.url?.trim());
  if (!authors.length) errors.push({ field: 'authors', message: 'Add at least one author with a name.' });
  authors.forEach((a, i) => {
    if (!a.name.trim()) errors.push({ field: `authors.${i}.name`, message: `Author ${i + 1} needs a name.` });
    if (a.url?.trim() && !isAbsoluteUrl(a.url))
      errors.push({ field: `authors.${i}.url`, message: `Author ${i + 1}'s URL must be absolute, starting with https://.` });
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline,
    image: images,
    datePublished: input.datePublished.trim(),
    ...(input.dateModified?.trim() ? { dateModified: input.dateModified.trim() } : {}),
    author: authors.map((a) => ({ '@type': 'Person', name: a.name.trim(), ...(a.url?.trim() ? { url: a.url.trim() } : {}) })),
  };
}

function faqPage(input: FaqInput, errors: FieldProblem[]) {
  const pairs = input.faqs.filter((f) => f.question.trim() || f.answer.trim());
  if (!pairs.length) errors.push({ field: 'faqs', message: 'Add at least one question and answer.' });
  const seen = new Map<string, number>();
  pairs.forEach((f, i) => {
    const q = f.question.trim();
    if (!q) errors.push({ field: `faqs.${i}.question`, message: `Question ${i + 1} is empty.` });
    if (!f.answer.trim()) errors.push({ field: `faqs.${i}.answer`, message: `The answer to question ${i + 1} is empty.` });
    const key = q.toLowerCase().replace(/\s+/g, ' ');
    if (q && seen.has(key))
      errors.push({ field: `faqs.${i}.question`, message: `Question ${i + 1} repeats question ${seen.get(key)! + 1}.` });
    else if (q) seen.set(key, i);
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: pairs.map((f) => ({
      '@type': 'Question',
      name: f.question.trim(),
      acceptedAnswer: { '@type': 'Answer', text: f.answer.trim() },
    })),
  };
}

export function buildJsonLd(input: JsonLdInput): JsonLdResult {
  const errors: FieldProblem[] = [];
  const warnings: FieldProblem[] = [];
  const data = input.type === 'Article' ? article(input, errors, warnings) : faqPage(input, errors);
  return { data, errors, warnings, scriptTag: scriptTag(data) };
}
