// The keeper: a small detached process that owns the embedded PostgreSQL server of one data dir.
//   node src/store/keeper.ts <dataDir>
// It is started by the first process that needs the store (see embedded.ts), lives in its own session so a
// Ctrl-C in a terminal never reaches the server, and stops the server cleanly (fast shutdown, so committed
// data is flushed) once no live process holds a lease. A client killed with -9 leaves a lease whose pid is
// dead; the keeper notices within a second. SIGUSR2 asks for an immediate check.
//
// It supervises: when the postmaster exits on its own (crash, kill -9, out-of-memory killer), the keeper ends
// the cluster's leftover backends and starts it again on the same port (PostgreSQL's crash recovery replays the
// WAL), with a backoff of 0.2 s doubling to 5 s. Clients' pools reconnect by themselves on their next query.
// Stopping never waits on a process that is gone, and is bounded: fast shutdown, then immediate, then SIGKILL.
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { dataPaths } from './paths.ts';
import { freePort } from './free-port.ts';
import { withFileLock } from './file-lock.ts';
import { liveLeases } from './leases.ts';
import { clusterProcesses, initCluster, postmasterStatus, signalAll, spawnPostmaster, waitGone } from './postgres-cluster.ts';
import { processAlive, sleep } from './process-alive.ts';

if (!process.argv[2]) {
  console.error('usage: node src/store/keeper.ts <dataDir>');
  process.exit(2);
}
const paths = dataPaths(process.argv[2]);
const log = (msg: string) => {
  try {
    appendFileSync(paths.log, `${new Date().toISOString()} ${msg.trimEnd()}\n`);
  } catch {
    /* ignore */
  }
};

// Handlers first: a SIGUSR2 from a client must never hit the default action (terminate).
let ready = false;
process.on('SIGUSR2', () => {
  if (ready) void check();
});

const START_TIMEOUT_MS = 120_000; // crash recovery of a large WAL can take a while
const BACKOFF_MS = [200, 500, 1000, 2000, 5000];

mkdirSync(paths.root, { recursive: true });
const logFd = openSync(paths.log, 'a');
const fresh = !existsSync(`${paths.pgdata}/PG_VERSION`);
if (fresh) writeFileSync(paths.password, randomBytes(18).toString('base64url'), { mode: 0o600 });
const password = readFileSync(paths.password, 'utf8').trim();
let port = await freePort();

let pg: ChildProcess | undefined;
let stopping = false;
let restarts = 0;

function writeServerFile(state: 'ready' | 'restarting'): void {
  const tmp = `${paths.serverFile}.${process.pid}`;
  writeFileSync(
    tmp,
    JSON.stringify({
      keeperPid: process.pid,
      port,
      host: '127.0.0.1',
      user: 'postgres',
      database: 'postgres',
      state,
      restarts,
      at: new Date().toISOString(),
    }),
  );
  renameSync(tmp, paths.serverFile);
}

/** Leftover processes of a dead postmaster (backends, or a whole orphaned cluster): ended at once. */
async function clearLeftovers(): Promise<void> {
  const left = clusterProcesses(paths);
  if (!left.length) return;
  log(`keeper ${process.pid}: ending ${left.length} leftover PostgreSQL process(es)`);
  signalAll(left, 'SIGCONT');
  signalAll(left, 'SIGKILL');
  await waitGone(left, 5000);
}

/** Starts a postmaster and resolves once it accepts connections; rejects if it exits or takes too long. */
async function startOnce(): Promise<void> {
  await clearLeftovers();
  const child = await spawnPostmaster(paths, port, logFd);
  pg = child;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const end = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`PostgreSQL exited during start (code ${child.exitCode}, signal ${child.signalCode})`);
    const st = postmasterStatus(paths);
    if (st && st.pid === child.pid && st.ready) break;
    if (Date.now() > end || stopping) {
      child.kill('SIGKILL');
      throw new Error('PostgreSQL did not become ready');
    }
    await sleep(50);
  }
  child.once('exit', (code, signal) => {
    if (pg === child) void onUnexpectedExit(code, signal);
  });
}

/** Start with retries; after three failures on one port (another process may have taken it), a new port. */
async function startWithBackoff(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (stopping) return;
    try {
      await startOnce();
      return;
    } catch (err) {
      pg = undefined;
      log(`keeper ${process.pid}: start failed: ${(err as Error).message}`);
      if (stopping) return;
      if (attempt % 3 === 2) {
        port = await freePort();
        log(`keeper ${process.pid}: trying port ${port}`);
      }
      await sleep(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!);
    }
  }
}

async function onUnexpectedExit(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
  pg = undefined;
  if (stopping) return;
  restarts++;
  log(`keeper ${process.pid}: PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting (restart ${restarts})`);
  writeServerFile('restarting');
  const t0 = Date.now();
  await startWithBackoff();
  if (stopping) return;
  writeServerFile('ready');
  log(`keeper ${process.pid}: PostgreSQL ready again on 127.0.0.1:${port} after ${Date.now() - t0} ms`);
}

try {
  if (fresh) await initCluster(paths, password, logFd);
  let lastErr: unknown;
  for (let i = 0; i < 3 && !pg; i++) {
    try {
      await startOnce();
    } catch (err) {
      lastErr = err;
      pg = undefined;
      await sleep(BACKOFF_MS[i]!);
    }
  }
  if (!pg) throw lastErr;
} catch (err) {
  log(`keeper: could not start PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
  await clearLeftovers();
  process.exit(1);
}

ready = true;
writeServerFile('ready');
log(`keeper ${process.pid}: PostgreSQL ready on 127.0.0.1:${port}`);

/** Bounded: fast shutdown (8 s), then immediate shutdown (2 s), then SIGKILL; a dead postmaster costs nothing. */
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`keeper ${process.pid}: stopping PostgreSQL (${reason})`);
  try {
    unlinkSync(paths.serverFile);
  } catch {
    /* gone */
  }
  const child = pg;
  pg = undefined;
  const procs = clusterProcesses(paths);
  signalAll(procs, 'SIGCONT'); // a stopped (SIGSTOP) server cannot act on a shutdown request
  const pid = child && child.exitCode === null && child.signalCode === null ? child.pid! : postmasterStatus(paths)?.pid;
  if (pid && processAlive(pid)) {
    signalAll([pid], 'SIGINT');
    if (!(await waitGone([pid], 8000))) {
      log(`keeper ${process.pid}: fast shutdown took over 8 s; immediate shutdown`);
      signalAll([pid], 'SIGQUIT');
      if (!(await waitGone([pid], 2000))) signalAll([pid], 'SIGKILL');
    }
  }
  await clearLeftovers();
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
  if (stopping) {
    closeSync(logFd);
    process.exit(0);
  }
}

setInterval(check, 1000);
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(sig, () => {
    void withFileLock(paths.lock, () => stop(sig), 12_000)
      .catch(() => stop(sig))
      .finally(() => process.exit(0));
  });
}
