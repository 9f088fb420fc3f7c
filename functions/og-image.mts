// Netlify Functions 2.0 entry of the image API (/og-image/{key}.png): the Open Graph images the build did not write
// (the glossary terms' at scale), rendered on their first request through the one pipeline with the build's renderer
// (src/request/seo/og-image-api.ts), from the index the build wrote (dist/_skribra/og/). `preferStatic`: the images the
// build wrote are static files and answer first. An answer is cached for ever (its URL names its content), so the
// CDN renders each image once per deploy. netlify.toml ships the index, the fonts and resvg's binary with it; satori's
// layout engine (WebAssembly) is inside its module, so the bundle has it.
import type { Config } from '@netlify/functions';
import { createPipeline } from '../src/request/api/http/pipeline.ts';
import { ogImageImplementation } from '../src/request/seo/og-image-api.ts';
import { ogIndexRoot } from '../src/request/seo/og-image-index.ts';
import { readConfig } from '../src/model/config.ts';
import { renderOgPng } from '../src/request/seo/render-og-png.ts';

const handler = createPipeline({ apis: { images: ogImageImplementation({ distDir: ogIndexRoot(readConfig()), render: renderOgPng }) } });

export default (req: Request): Promise<Response> => handler(req);

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to NETLIFY_PATHS.images.
export const config: Config = { path: ['/og-image', '/og-image/*'], preferStatic: true };
