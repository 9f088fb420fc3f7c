// GET /og-image/{image}: a page's Open Graph image by its content key, rendered on the first request
// (src/request/seo/og-image-api.ts) unless the build wrote it (the pages that matter most): the file answers first,
// as on Netlify (`preferStatic`).
import { IMAGES_BASE } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';
import { lazyObject } from '../lazy-object.ts';
import { imageSegment } from '../params.ts';

export const getOgImage = defineEndpoint({
  id: 'getOgImage',
  api: 'images',
  pattern: `${IMAGES_BASE}/:image`,
  methods: ['GET'],
  auth: 'none',
  cache: CACHE.immutable,
  cors: false,
  path: lazyObject({ image: imageSegment }),
  static: { file: `${IMAGES_BASE}/:image`, preferStatic: true },
});
