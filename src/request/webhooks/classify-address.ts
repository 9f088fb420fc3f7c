// What kind of address an IP is, for the webhook SSRF guard. Pure. IPv6 forms that carry an IPv4 address
// (mapped, compatible, SIIT, NAT64, 6to4) are judged by the IPv4 address inside, so `::ffff:127.0.0.1` is
// loopback. Non-canonical IPv4 spellings (decimal, octal, hex, short forms) are canonicalised the way a URL
// parser does it, so `0177.1` and `2130706433` are loopback too. Anything unparseable is `invalid`.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'unique-local'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

type Rule = [prefix: number[], bits: number, cls: AddressClass | 'embedded-v4'];

const v4 = (cidr: string): [number[], number] => {
  const [ip, bits] = cidr.split('/');
  return [ip!.split('.').map(Number), Number(bits)];
};

// First match wins: the cloud metadata endpoints before the ranges that hold them.
const V4_RULES: Rule[] = (
  [
    ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, OpenStack
    ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
    ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
    ['192.0.0.192/32', 'metadata'], // Oracle Cloud
    ['0.0.0.0/8', 'unspecified'],
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'private'], // carrier-grade NAT
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'],
    ['192.0.2.0/24', 'reserved'],
    ['192.88.99.0/24', 'reserved'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'reserved'],
    ['198.51.100.0/24', 'reserved'],
    ['203.0.113.0/24', 'reserved'],
    ['224.0.0.0/4', 'multicast'],
    ['255.255.255.255/32', 'broadcast'],
    ['240.0.0.0/4', 'reserved'],
  ] as const
).map(([c, cls]) => [...v4(c), cls] as Rule);

function v6Prefix(s: string): number[] {
  return v6Bytes(s)!;
}

const V6_RULES: Rule[] = (
  [
    ['::', 128, 'unspecified'],
    ['::1', 128, 'loopback'],
    ['::ffff:0:0', 96, 'embedded-v4'], // IPv4-mapped
    ['::ffff:0:0:0', 96, 'embedded-v4'], // SIIT
    ['::', 96, 'embedded-v4'], // IPv4-compatible (deprecated)
    ['64:ff9b::', 96, 'embedded-v4'], // NAT64
    ['64:ff9b:1::', 48, 'private'], // local-use NAT64
    ['100::', 64, 'reserved'], // discard
    ['2001:db8::', 32, 'reserved'], // documentation
    ['2001::', 23, 'reserved'], // IETF protocol assignments, Teredo
    ['2002::', 16, 'embedded-v4'], // 6to4
    ['3fff::', 20, 'reserved'], // documentation (RFC 9637)
    ['fd00:ec2::254', 128, 'metadata'], // AWS IMDS over IPv6
    ['fc00::', 7, 'unique-local'],
    ['fe80::', 10, 'link-local'],
    ['fec0::', 10, 'private'], // site-local (deprecated)
    ['ff00::', 8, 'multicast'],
  ] as const
).map(([p, bits, cls]) => [v6Prefix(p), bits, cls] as Rule);

function matches(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8]! & mask) !== (prefix[i / 8]! & mask)) return false;
  }
  return true;
}

function v4Bytes(s: string): number[] | undefined {
  return isIPv4(s) ? s.split('.').map(Number) : undefined;
}

/** 16 bytes of an IPv6 address (zone and brackets dropped), or undefined. */
function v6Bytes(raw: string): number[] | undefined {
  let s = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(s)) return undefined;
  let tail: number[] | undefined;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    tail = v4Bytes(dotted[1]!);
    if (!tail) return undefined;
    s = `${s.slice(0, -dotted[1]!.length)}0:0`;
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill('0'), ...r];
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : undefined;
}

/** `0x7f.1`, `2130706433`, `0177.0.0.1` -> `127.0.0.1`, as the WHATWG URL parser reads a host. */
function canonicalV4(s: string): string | undefined {
  if (!/^[0-9a-fA-FxX.]+$/.test(s)) return undefined;
  try {
    const host = new URL(`http://${s}/`).hostname;
    return isIPv4(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

function classifyV4(b: number[]): AddressClass {
  for (const [prefix, bits, cls] of V4_RULES) if (matches(b, prefix, bits)) return cls as AddressClass;
  return 'public';
}

export function classifyAddress(address: string): AddressClass {
  const four = v4Bytes(address) ?? v4Bytes(canonicalV4(address) ?? '');
  if (four) return classifyV4(four);
  const six = v6Bytes(address);
  if (!six) return 'invalid';
  for (const [prefix, bits, cls] of V6_RULES) {
    if (!matches(six, prefix, bits)) continue;
    if (cls !== 'embedded-v4') return cls;
    // 6to4 carries the IPv4 address in bytes 2-5; the others in the last four.
    return classifyV4(bits === 16 ? six.slice(2, 6) : six.slice(12, 16));
  }
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return (six[0]! & 0xe0) === 0x20 ? 'public' : 'reserved';
}
