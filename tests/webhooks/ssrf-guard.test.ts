// The webhook SSRF guard over a table of addresses, URL spellings and DNS answers (the resolver is injected:
// no test here touches the network).
import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/request/webhooks/classify-address.ts';
import { vetTarget, type Resolver, type TargetPolicy } from '../../src/request/webhooks/vet-target.ts';

const strict: TargetPolicy = { allowHttp: false, allowPrivate: false };
const local: TargetPolicy = { allowHttp: false, allowPrivate: true };
const dns =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('classifyAddress', () => {
  const table: [string, string][] = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // other IPv4 spellings: decimal, octal, hex, short
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
    ['2852039166', 'metadata'],
    ['012.0.0.1', 'private'],
    ['0', 'unspecified'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:800::200e', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['fec0::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4 inside IPv6: mapped, compatible, SIIT, NAT64, 6to4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::ffff:0:c0a8:101', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:808:808::1', 'public'],
    // not addresses
    ['example.com', 'invalid'],
    ['', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['::ffff:999.0.0.1', 'invalid'],
  ];
  it.each(table)('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });
});

describe('vetTarget', () => {
  it('accepts a public https target and pins the address it checked', async () => {
    const v = await vetTarget('https://hooks.example.com/skribra', strict, dns({ 'hooks.example.com': ['93.184.216.34'] }));
    expect(v).toMatchObject({ ok: true, address: '93.184.216.34', family: 4, class: 'public' });
    if (v.ok) expect(v.url.hostname).toBe('hooks.example.com'); // Host and SNI keep the name
  });

  const refused: [string, string, TargetPolicy, Record<string, string[]>, RegExp][] = [
    ['ftp scheme', 'ftp://hooks.example.com/x', strict, {}, /scheme ftp: is not allowed/],
    ['file scheme', 'file:///etc/passwd', strict, {}, /scheme file: is not allowed/],
    ['javascript scheme', 'javascript:alert(1)', strict, {}, /scheme javascript: is not allowed/],
    ['not a URL', 'hooks.example.com/x', strict, {}, /not a valid URL/],
    [
      'plain http to a public host',
      'http://hooks.example.com/x',
      strict,
      { 'hooks.example.com': ['93.184.216.34'] },
      /plain http is refused/,
    ],
    ['loopback literal', 'https://127.0.0.1/x', strict, {}, /127\.0\.0\.1 is a loopback address/],
    ['decimal loopback', 'https://2130706433/x', strict, {}, /127\.0\.0\.1 is a loopback address/],
    ['octal loopback', 'https://0177.0.0.01/x', strict, {}, /loopback/],
    ['hex loopback', 'https://0x7f.0x0.0x0.0x1/x', strict, {}, /loopback/],
    ['short loopback', 'https://127.1/x', strict, {}, /loopback/],
    ['IPv6 loopback', 'https://[::1]/x', strict, {}, /loopback/],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x', strict, {}, /loopback/],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/x', strict, {}, /loopback/],
    ['metadata literal', 'http://169.254.169.254/latest/meta-data/', local, {}, /metadata/],
    ['mapped metadata', 'https://[::ffff:169.254.169.254]/', local, {}, /metadata/],
    ['decimal metadata', 'http://2852039166/', local, {}, /metadata/],
    ['private literal', 'https://10.1.2.3/x', strict, {}, /private address; SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 allows it/],
    ['link-local even when private is allowed', 'http://169.254.10.10/x', local, {}, /link-local/],
    ['unique-local IPv6', 'https://[fd00::5]/x', strict, {}, /unique-local/],
    ['multicast', 'https://224.0.0.251/x', local, {}, /multicast/],
    ['unspecified', 'http://0.0.0.0:8080/x', local, {}, /unspecified/],
    ['broadcast', 'https://255.255.255.255/x', local, {}, /broadcast/],
    [
      'a name that resolves to loopback',
      'https://evil.example/x',
      strict,
      { 'evil.example': ['127.0.0.1'] },
      /evil\.example resolves to 127\.0\.0\.1, which is a loopback address/,
    ],
    [
      'a name that resolves to metadata',
      'https://meta.example/x',
      local,
      { 'meta.example': ['169.254.169.254'] },
      /resolves to 169\.254\.169\.254, which is a metadata address/,
    ],
    ['a name that resolves to mapped private IPv6', 'https://six.example/x', strict, { 'six.example': ['::ffff:192.168.0.10'] }, /private/],
    [
      'a name with one public and one inward answer',
      'https://mixed.example/x',
      strict,
      { 'mixed.example': ['93.184.216.34', '10.0.0.7'] },
      /resolves to 10\.0\.0\.7/,
    ],
    ['a name that does not resolve', 'https://nowhere.example/x', strict, {}, /cannot resolve nowhere\.example: ENOTFOUND/],
    ['a resolver answering garbage', 'https://odd.example/x', strict, { 'odd.example': ['not-an-ip'] }, /invalid/],
  ];
  it.each(refused)('refuses %s', async (_name, url, policy, answers, reason) => {
    const v = await vetTarget(url, policy, dns(answers));
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(reason);
  });

  it('allows loopback and private only with allowPrivate, and then over plain http', async () => {
    const r = dns({ localhost: ['127.0.0.1'], lan: ['192.168.1.20'] });
    expect(await vetTarget('http://localhost:8787/hook', local, r)).toMatchObject({ ok: true, address: '127.0.0.1', class: 'loopback' });
    expect(await vetTarget('http://lan/hook', local, r)).toMatchObject({ ok: true, address: '192.168.1.20', class: 'private' });
    expect(await vetTarget('http://[::1]:8787/hook', local, r)).toMatchObject({ ok: true, address: '::1', family: 6 });
    expect((await vetTarget('http://localhost:8787/hook', strict, r)).ok).toBe(false);
  });

  it('allows plain http to public hosts only with allowHttp', async () => {
    const r = dns({ 'hooks.example.com': ['93.184.216.34'] });
    expect((await vetTarget('http://hooks.example.com/x', { allowHttp: true, allowPrivate: false }, r)).ok).toBe(true);
    // allowHttp never opens the inward ranges
    expect((await vetTarget('http://127.0.0.1/x', { allowHttp: true, allowPrivate: false }, r)).ok).toBe(false);
  });
});
