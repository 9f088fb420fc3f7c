// What a server entry says when it cannot listen: one line naming the port, who holds it when we can tell, and what
// to do, instead of Node's stack trace of an unhandled 'error' event.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The one-line message for a listen failure, or undefined for an error that is not about listening; `command` is what
 * the advice runs (`npm start`, `npm run dev`). */
export function describeListenError(err: unknown, port: number, host: string, command = 'npm start'): string | undefined {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') {
    const holder = portHolder(port);
    return `port ${port} is already in use${holder ? ` by ${holder}` : ''}: stop that process, or choose another port (PORT=${port + 1} ${command})`;
  }
  if (code === 'EACCES')
    return `port ${port} on ${host} needs privileges this user lacks (ports below 1024 do): choose a port from 1024 up (PORT=4321 ${command})`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST=${host} is not an address of this machine: leave HOST unset (all addresses) or use 127.0.0.1`;
  if (code === 'ENOENT') return `cannot listen: ${(err as Error).message.replace(/^.*?ENOENT: /, '')}`;
  return undefined;
}

/**
 * The process listening on `port` on this machine, as "pid N (command)", read from /proc (Linux); undefined where
 * that cannot be told (another OS, another user's process).
 */
export function portHolder(port: number): string | undefined {
  try {
    const inodes = new Set<string>();
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
        if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A' && f[9]) inodes.add(`socket:[${f[9]}]`);
      }
    }
    if (!inodes.size) return undefined;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let target: string;
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        if (inodes.has(target)) return `pid ${pid} (${commandOf(pid)})`;
      }
    }
  } catch {
    /* no /proc */
  }
  return undefined;
}

function commandOf(pid: string): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv
      .slice(0, 3)
      .map((a) => a.split('/').at(-1))
      .join(' ');
  } catch {
    return 'unknown command';
  }
}
