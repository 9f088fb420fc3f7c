// /blog/rss.xml, written at build from the same articles as the pages.
import { buildBlog } from '../../blog/build-blog.ts';
import { rssXml } from '../../blog/rss-xml.ts';
import { site } from './_blog-data.ts';

export async function GET(): Promise<Response> {
  const { summaries } = await buildBlog();
  return new Response(rssXml(site(), summaries), { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
}
