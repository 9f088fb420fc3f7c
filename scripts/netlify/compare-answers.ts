// Sends one probe, exactly as written (raw path, no added Accept-Encoding), and compares two answers: the status, the
// headers that matter (with the security headers, whichever side sends them) and the body (JSON-equal with volatile
// fields masked for JSON, byte-equal otherwise).
import { request } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { Probe } from './request-matrix.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
export interface Mismatch {
  probe: Probe;
  field: string;
  netlify: string;
  local: string;
}

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'vary',
  'allow',
  'location',
  'access-control-allow-origin',
  'etag',
  'link',
  'x-robots-tag',
  'netlify-cdn-cache-control',
  'netlify-vary',
  'content-signal',
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
];
/** Fields that differ on every answer (health's clock). */
const VOLATILE = new Set(['time']);

export function send(base: string, host: string, probe: Probe): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: probe.method, path: probe.path, headers: { host, ...probe.headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${probe.method} ${probe.path}`)));
    req.end(probe.body);
  });
}

function normalise(name: string, value: string | undefined, site: string): string {
  if (value === undefined) return '(absent)';
  if (name === 'etag') return '(present)';
  if (name === 'content-type') return value.toLowerCase().replace(/\s+/g, '');
  if (name === 'vary')
    return [
      ...new Set(
        value
          .toLowerCase()
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ]
      .sort()
      .join(', ');
  if (name === 'location') return new URL(value, site).href;
  return value.trim();
}

const mask = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(mask);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, VOLATILE.has(k) ? '(masked)' : mask(x)]));
  return v;
};
const json = (a: Answer) => {
  if (!/[/+]json\b/.test(a.headers['content-type'] ?? '')) return undefined;
  try {
    return mask(JSON.parse(a.body.toString('utf8')));
  } catch {
    return undefined;
  }
};

function bodyDifference(netlify: Answer, local: Answer): [string, string] | undefined {
  const [a, b] = [json(netlify), json(local)];
  if (a !== undefined && b !== undefined) return isDeepStrictEqual(a, b) ? undefined : [JSON.stringify(a), JSON.stringify(b)];
  if (netlify.body.equals(local.body)) return undefined;
  let i = 0;
  while (i < netlify.body.length && i < local.body.length && netlify.body[i] === local.body[i]) i++;
  const at = (buf: Buffer) => JSON.stringify(buf.subarray(Math.max(0, i - 20), i + 40).toString('utf8'));
  return [`${netlify.body.length} bytes, from byte ${i}: ${at(netlify.body)}`, `${local.body.length} bytes: ${at(local.body)}`];
}

export function compare(probe: Probe, netlify: Answer, local: Answer, site: string): Mismatch[] {
  const out: Mismatch[] = [];
  const add = (field: string, n: string, l: string) => out.push({ probe, field, netlify: n, local: l });
  if (netlify.status !== local.status) add('status', String(netlify.status), String(local.status));
  for (const name of COMPARED_HEADERS) {
    const [n, l] = [normalise(name, netlify.headers[name], site), normalise(name, local.headers[name], site)];
    if (n !== l) add(name, n, l);
  }
  const body = bodyDifference(netlify, local);
  if (body) add('body', ...body);
  return out;
}
