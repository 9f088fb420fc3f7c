// Astro's sharp service, except that an "optimised" file is never bigger than its source: small, well-compressed
// pictures (a flat 1600 px illustration of 12 kB) can come out of a re-encode larger (13 kB). Then the source's own
// bytes are written instead, as Astro's service itself does when sharp cannot read a format. Browsers sniff an
// image's format from its bytes, and the width and height attributes keep its box.
import type { LocalImageService } from 'astro';
import sharpService from 'astro/assets/services/sharp';
import { imageMetadata } from 'astro/assets/utils';

const service: LocalImageService = {
  ...sharpService,
  async transform(input, transform, config, logger) {
    const out = await sharpService.transform(input, transform, config, logger);
    if (out.data.length < input.length) return out;
    return { data: input, format: (await imageMetadata(input)).format };
  },
};

export default service;
