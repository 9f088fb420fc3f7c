// One example article, as a publish file gives it: the CLI's help, the webhook's test events and the docs' example
// payloads all show this one (a test checks it against the publish schema).
export const EXAMPLE_ARTICLE = {
  title: 'How to write a meta description',
  slug: 'how-to-write-a-meta-description',
  content_html:
    '<p>A meta description is the short summary a search engine may show under your title.</p><h2>Keep it short</h2><p>Aim for 120 to 155 characters.</p>',
  excerpt: 'What a meta description does, how long it should be and how to write one that earns the click.',
  meta_description: 'Learn what a meta description does, how long it should be and how to write one that earns the click.',
  image_url: 'https://images.example.com/meta-description.png',
  image_alt: 'A search result with its meta description highlighted',
  image_width: 1200,
  image_height: 630,
  type: 'guide',
  reading_time: 6,
  keyword: 'meta description',
  tags: ['on-page seo', 'snippets'],
  author: { name: 'Quill', url: 'https://skribra.com/agents/quill/' },
  language: 'en',
  related_articles: [{ title: 'Title tags that rank', slug: 'title-tags-that-rank' }],
  sources: [{ title: 'Google Search Central: Control your snippets', url: 'https://developers.google.com/search/docs/appearance/snippet' }],
  target_date: '2026-12-01',
};
