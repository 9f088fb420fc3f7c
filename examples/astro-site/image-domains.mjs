// Hosts whose images Astro's image service may fetch at build and turn into responsive AVIF and WebP: the Skribra
// origin's (the demo's pictures, when SKRIBRA_BASE_URL is a local origin), and your image hosts in
// SKRIBRA_IMAGE_DOMAINS (comma separated, such as images.example.com). Images elsewhere are linked as they are.
export const imageDomains = [
  ...(process.env.SKRIBRA_BASE_URL ? [new URL(process.env.SKRIBRA_BASE_URL).hostname] : []),
  ...(process.env.SKRIBRA_IMAGE_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean),
];

/** Whether Astro's image service may fetch `src` (astro.config.mjs allows exactly these hosts). */
export const optimisable = (src) => {
  try {
    return imageDomains.includes(new URL(src).hostname);
  } catch {
    return false;
  }
};
