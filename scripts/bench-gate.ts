#!/usr/bin/env node
// `npm run bench:gate`: the content API's access statement alone (src/store/repos/access.ts), what every authenticated
// request waits for, on the store bench:content seeds (bench-seed.ts) in a fresh embedded store (or DATABASE_URL).
// One connection runs batches of B requests of one key back to back (a detail batch: B random articles of the 10,000
// with their stored answers; a list batch: B projects), and the script reports per statement its wall time, the CPU
// time of the PostgreSQL backend that ran it (from /proc) and of this process (postgres.js sending it and reading
// its rows): CPU times move much less with the machine's other work than wall times do.
//   BENCH_STATEMENTS (1500 per round, 3 rounds)  BENCH_BATCHES (1,13: 13 is bench:content's mean batch at 32 connections)
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/store/open-store.ts';
import { checkAccessBatch, type Bucket, type Target } from '../src/store/repos/access.ts';
import { keyDigest } from '../src/store/ids.ts';
import { readConfig } from '../src/model/config.ts';
import { BENCH_ARTICLES, seedBenchAccount } from './bench-seed.ts';

const statements = Number(process.env.BENCH_STATEMENTS) || 1500;
const batches = (process.env.BENCH_BATCHES ?? '1,13').split(',').map(Number);
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-bench-gate-'));
if (dataDir) process.env.SKRIBRA_DATA_DIR = dataDir;
const store = await openStore({ config: readConfig(), max: 1 });
try {
  const { apiKey, projects } = await seedBenchAccount(store.sql);
  const digest = keyDigest(apiKey);
  const [{ pid }] = await store.sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
  const ticks = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s
  const backendMs = () => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / ticks;
  };
  const ownMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)]!;
  const targetsOf: Record<Bucket, () => Target> = {
    detail: () => ({ projectId: pick(projects), slug: `article-${1 + Math.floor(Math.random() * BENCH_ARTICLES)}` }),
    list: () => ({ projectId: pick(projects) }),
  };
  // A warm-up pass reads every article once (the rows were just written: their first reads set hint bits).
  for (const projectId of projects)
    for (let i = 0; i < BENCH_ARTICLES; i += 50)
      await checkAccessBatch(
        store.sql,
        digest,
        'detail',
        Array.from({ length: 50 }, (_, k) => ({ projectId, slug: `article-${i + k + 1}` })),
        new Date(Date.now() + 5000),
      );
  console.log(`the access statement alone, one connection, ${statements} statements a round, Node ${process.version}`);
  console.log('bucket  batch  round  wall ms  PostgreSQL CPU ms  this process CPU ms  (per statement)');
  for (const bucket of ['detail', 'list'] as Bucket[])
    for (const b of batches)
      for (let round = 1; round <= 3; round++) {
        const [t0, c0, m0] = [performance.now(), backendMs(), ownMs()];
        for (let i = 0; i < statements; i++)
          await checkAccessBatch(store.sql, digest, bucket, Array.from({ length: b }, targetsOf[bucket]), new Date(Date.now() + 5000));
        const per = (x: number) => (x / statements).toFixed(3).padStart(7);
        console.log(
          `${bucket.padEnd(7)} ${String(b).padStart(5)}  ${String(round).padStart(5)}  ${per(performance.now() - t0)}  ${per(backendMs() - c0).padStart(17)}  ${per(ownMs() - m0).padStart(19)}`,
        );
      }
} finally {
  await store.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
