import type { NextConfig } from 'next';

/**
 * Hosts next/image may optimise: the Skribra origin's (the demo's pictures, when SKRIBRA_BASE_URL is a local origin)
 * and your image hosts in SKRIBRA_IMAGE_DOMAINS (comma separated).
 */
const hosts = [
  ...(process.env.SKRIBRA_BASE_URL ? [new URL(process.env.SKRIBRA_BASE_URL)] : []),
  ...(process.env.SKRIBRA_IMAGE_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => new URL(`https://${d}`)),
];

const local = hosts.some((u) => u.hostname === 'localhost' || u.hostname === '127.0.0.1');

const config: NextConfig = {
  images: {
    remotePatterns: hosts.map((u) => ({ protocol: u.protocol === 'http:' ? 'http' : 'https', hostname: u.hostname })),
    // A local Skribra (npm start) serves the demo's pictures on localhost, which the optimizer refuses by default.
    dangerouslyAllowLocalIP: local,
  },
};

export default config;
