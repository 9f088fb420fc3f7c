// Joins the embedded PostgreSQL server of a data dir, starting it (through the keeper) when no one runs it.
// Several processes share one server: the local origin, the CLI, the build and tests. Each holds a lease;
// the keeper stops the server when the last lease is gone, so nothing is orphaned.
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dataPaths, type DataPaths } from './paths.ts';
import { withFileLock } from './file-lock.ts';
import { APP_ROLE } from './app-role.ts';
import { addLease, dropLease, liveLeases } from './leases.ts';
import { processAlive, sleep } from './process-alive.ts';

export interface EmbeddedServer {
  /** The cluster's superuser: only for creating the application role (app-role.ts). */
  url: string;
  /** The application role (`skribra_app`, no superuser): what the service connects as. */
  appUrl: string;
  /** The password of both. */
  password: string;
  /** The keeper's and PostgreSQL's log (store.log in the data dir). */
  log: string;
  /** Drops this process's lease; with `wait`, waits for the server to stop if this was the last user. */
  release(opts?: { wait?: boolean }): Promise<void>;
}

interface ServerInfo {
  keeperPid: number;
  port: number;
  host: string;
  user: string;
  database: string;
}

const keeperScript = fileURLToPath(new URL('./keeper.ts', import.meta.url));

function readServer(p: DataPaths): ServerInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(p.serverFile, 'utf8')) as ServerInfo;
    return processAlive(info.keeperPid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** A postmaster left behind by a keeper killed with -9: shut it down before starting afresh. */
async function stopOrphan(p: DataPaths): Promise<void> {
  const pidFile = `${p.pgdata}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!processAlive(pid)) return;
  process.kill(pid, 'SIGCONT'); // a stopped server cannot act on the shutdown request
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && processAlive(pid); i++) await sleep(50);
}

function toUrl(info: ServerInfo, password: string): string {
  return `postgres://${info.user}:${encodeURIComponent(password)}@${info.host}:${info.port}/${info.database}`;
}

export async function joinEmbedded(dir: string, timeoutMs = 90_000): Promise<EmbeddedServer> {
  const p = dataPaths(dir);
  mkdirSync(p.root, { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must be able to reach its dir.
  if (process.getuid?.() === 0) chmodSync(p.root, 0o711);

  let lease = '';
  const info = await withFileLock(
    p.lock,
    async () => {
      const running = readServer(p);
      if (running) {
        lease = addLease(p.leases);
        return running;
      }
      await stopOrphan(p);
      try {
        unlinkSync(p.serverFile);
      } catch {
        /* none */
      }
      lease = addLease(p.leases);
      const out = openSync(p.log, 'a');
      const child = spawn(process.execPath, [keeperScript, p.root], { detached: true, stdio: ['ignore', out, out] });
      closeSync(out);
      let exited = false;
      child.once('exit', () => {
        exited = true;
      });
      child.unref();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = readServer(p);
        if (ready && ready.keeperPid === child.pid) return ready;
        if (exited || Date.now() > deadline) {
          dropLease(lease);
          throw new Error(`The embedded PostgreSQL server did not start; see ${p.log}`);
        }
        await sleep(30);
      }
    },
    timeoutMs,
  );

  const onExit = () => dropLease(lease);
  process.once('exit', onExit);
  const password = readFileSync(p.password, 'utf8').trim();
  return {
    url: toUrl(info, password),
    appUrl: toUrl({ ...info, user: APP_ROLE }, password),
    password,
    log: p.log,
    async release({ wait = false } = {}) {
      process.off('exit', onExit);
      dropLease(lease);
      if (!processAlive(info.keeperPid)) return;
      const last = liveLeases(p.leases).length === 0;
      try {
        process.kill(info.keeperPid, 'SIGUSR2');
      } catch {
        /* gone */
      }
      if (wait && last) for (let i = 0; i < 300 && processAlive(info.keeperPid); i++) await sleep(50);
    },
  };
}
