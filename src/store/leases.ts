// Leases: one empty file per process using the embedded server, named `<pid>-<random>`. The server lives
// while at least one lease belongs to a live process ("last one out stops", enforced by the keeper).
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.ts';

export function addLease(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  writeFileSync(file, '');
  return file;
}

export function dropLease(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    /* gone already */
  }
}

/** Live leases; those of dead processes are removed on the way. */
export function liveLeases(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const live: string[] = [];
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (processAlive(pid)) live.push(name);
    else dropLease(join(dir, name));
  }
  return live;
}
