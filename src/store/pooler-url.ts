// Whether a connection string names a transaction-mode pooler, as other clients read it (Prisma's `pgbouncer=true`),
// and the string postgres.js should be given: it would send an unknown query parameter such as `pgbouncer` to the
// server as a startup parameter, which PgBouncer refuses ("unsupported startup parameter").
//   - `?pgbouncer=true` (removed from the URL), or `?prepare=false` (postgres.js's own, kept);
//   - a Neon pooled host (`ep-...-pooler.<region>.aws.neon.tech`; Netlify Database runs on Neon);
//   - Supabase's pooler (`*.pooler.supabase.com`) but on 5432, its session-mode port; any host on 6543.
// `pgbouncer=false` says no, whatever the host.
// SKRIBRA_DB_POOLER overrides the guess either way (open-store.ts).

export interface PoolerUrl {
  /** The URL to connect with (without `pgbouncer`). */
  url: string;
  /** True when the URL names a transaction-mode pooler: no named prepared statements. */
  pooled: boolean;
}

export function poolerUrl(url: string): PoolerUrl {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, pooled: false }; // postgres.js reports a bad URL itself
  }
  const flag = u.searchParams.get('pgbouncer');
  const prepareOff = u.searchParams.get('prepare') === 'false';
  if (flag !== null) u.searchParams.delete('pgbouncer');
  const host = u.hostname.toLowerCase();
  const named =
    flag === 'true' ||
    flag === '1' ||
    prepareOff ||
    u.port === '6543' ||
    /-pooler\./.test(host) ||
    (host.endsWith('.pooler.supabase.com') && u.port !== '5432');
  // An explicit pgbouncer=false says it is not one, whatever the host looks like.
  const pooled = flag === 'false' || flag === '0' ? false : named;
  return { url: flag === null ? url : u.toString(), pooled };
}
