// Whether a connection string reaches a PostgreSQL server itself, proven by the server: it reports the address and
// port its end of the connection has (inet_server_addr(), inet_server_port()), and a direct connection's are the ones
// we connected to. Anything between (PgBouncer, Supavisor, a proxy, a forwarded port) connects to the server on a
// socket of its own, so the server names another port or address. Only a proven server gets pipelining and named
// prepared statements (open-store.ts): through a transaction-mode pooler they hand replies to the wrong statement.
// Not provable (a Unix socket, several hosts, a name that resolves elsewhere) counts as not direct: slower, never wrong.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import postgres from 'postgres';

export interface ServerProof {
  /** True only when the server reported the very address and port connected to. */
  direct: boolean;
  /** What was connected to and what the server said, for the log. */
  detail: string;
}

/** The host and port a URL connects to over TCP, or undefined when it does not say one (Unix socket, several hosts). */
function tcpTarget(url: string): { host: string; port: number } | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const host = decodeURIComponent(u.hostname).replace(/^\[|\]$/g, '');
  if (!host || host.startsWith('/') || u.searchParams.has('host') || host.includes(',')) return undefined;
  return { host, port: Number(u.port || u.searchParams.get('port') || 5432) };
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '').toLowerCase();

/**
 * Asks the server at `url` (one connection, one unprepared statement) where it is, and compares. Rejects as a
 * connection attempt would (the caller retries a store that is not up yet).
 */
export async function proveServer(url: string, connectTimeoutS: number): Promise<ServerProof> {
  const target = tcpTarget(url);
  const sql = postgres(url, {
    max: 1,
    prepare: false,
    connect_timeout: connectTimeoutS,
    idle_timeout: 1,
    onnotice: () => {},
    connection: { application_name: 'skribra' },
    ...({ max_pipeline: 0 } as object),
  });
  try {
    const [said] = await sql.unsafe<{ addr: string | null; port: number | null }[]>(
      'select host(inet_server_addr()) as addr, inet_server_port() as port',
    );
    const server = said?.addr ? `${said.addr}:${said.port}` : 'no TCP address (a Unix socket)';
    if (!target) return { direct: false, detail: `the URL names no single TCP address; the server reports ${server}` };
    const addresses = isIP(target.host) ? [target.host] : (await lookup(target.host, { all: true })).map((a) => a.address);
    const where = `${target.host}:${target.port}`;
    const direct = Boolean(said?.addr) && said!.port === target.port && addresses.map(plain).includes(plain(said!.addr!));
    return { direct, detail: `connected to ${where}, the server reports ${server}` };
  } finally {
    await sql.end({ timeout: 1 });
  }
}
