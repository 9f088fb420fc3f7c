#!/usr/bin/env node
// What a flood of anonymous MCP calls does to the rest of a real `npm start` (issue 41): /api/v1/health's time and the
// server's RSS, idle and then while 8 requests at once hit /mcp, measured in the same run.
//   (a) the issue's probe: a batch of 100 `list` calls (glossary, full, limit 100), 13.5 KB in; 8 at once, 5 rounds
//   (b) the most a batch may still ask: 4 of those calls under protocol 2025-03-26; 8 at once, 2 rounds
//   (c) for scale, no MCP: the same 64 calls as GET /api/v1/glossary?full=true&limit=100, 32 at once, 2 rounds
// Each flood's requests come from one address, so 57 of the 60 a minute MCP_RATE_LIMIT allows are used: every one
// is answered by the server, none by the limit (run it once a minute at most). The machine's load average is printed:
// the figures are wall-clock times, and other work on the machine shows in them. During a flood /api/v1/health is asked in a loop, one at a time, and
// the server's RSS is read from /proc every 10 ms.
// Against a running server: BENCH_BASE=http://127.0.0.1:4800 (its process is found by its port). Without it, starts
// `npm start` on PORT (4800), HOST 127.0.0.1, with SKRIBRA_DIST_DIR and SKRIBRA_DATA_DIR as set, and stops it after.
// Prints a table and one `BENCH_MCP_FLOOD_JSON {...}` line.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { MCP_RATE_LIMIT } from '../src/model/config.ts';

const port = Number(process.env.PORT) || 4800;
const given = process.env.BENCH_BASE;
const base = given ?? `http://127.0.0.1:${port}`;

/** The pid listening on the base's port (`npm start` runs the server as a child of npm). */
function serverPid(): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${new URL(base).port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on ${base}`);
  return Number(pid);
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

let npm: ReturnType<typeof spawn> | undefined;
if (!given) {
  npm = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  npm.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
}
async function ready() {
  for (let i = 0; i < 1200; i++) {
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(500);
  }
  throw new Error(`${base} never answered /api/v1/health`);
}

const glossaryCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'list', arguments: { collection: 'glossary', full: true, limit: 100 } },
});
const batch = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => glossaryCall(i)));
const mcp = async (body: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
  return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
};
const health = async () => {
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`health ${res.status}`);
  return performance.now() - t;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const stats = (xs: number[]) => ({ n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs) });

/** Health in a loop and RSS every 10 ms while `work` runs. */
async function during(pid: number, work: () => Promise<{ status: number; bytes: number }[]>) {
  let done = false;
  const times: number[] = [];
  let peak = 0;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(10);
    }
  })();
  const poller = (async () => {
    while (!done) times.push(await health());
  })();
  const answers = await work();
  done = true;
  await Promise.all([sampler, poller]);
  return { health: stats(times), peakRssMb: peak, answers };
}

try {
  await ready();
  const pid = serverPid();
  // Warm: the health answer, the MCP server and the glossary list each once.
  for (let i = 0; i < 20; i++) await health();
  const warm = await mcp(JSON.stringify(glossaryCall(0)), { 'mcp-protocol-version': '2025-03-26' });
  await sleep(1000);
  const idleRss = rssMb(pid);
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await health());

  const flood =
    (rounds: number, body: string, headers: Record<string, string> = {}) =>
    async () => {
      const all: { status: number; bytes: number }[] = [];
      for (let round = 0; round < rounds; round++) all.push(...(await Promise.all(Array.from({ length: 8 }, () => mcp(body, headers)))));
      return all;
    };
  const a = await during(pid, flood(5, batch(100)));
  const b = await during(pid, flood(2, batch(4), { 'mcp-protocol-version': '2025-03-26' }));
  const get = async () => {
    const res = await fetch(`${base}/api/v1/glossary?full=true&limit=100`);
    return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  };
  const c = await during(pid, async () => {
    const all: { status: number; bytes: number }[] = [];
    for (let round = 0; round < 2; round++) all.push(...(await Promise.all(Array.from({ length: 32 }, get))));
    return all;
  });
  const settledRss = rssMb(pid);

  const idleStats = stats(idle);
  const row = (label: string, h: ReturnType<typeof stats>, rss: number, answers?: { status: number; bytes: number }[]) =>
    `${label.padEnd(52)} ${String(h.n).padStart(5)} ${h.p50.toFixed(2).padStart(8)} ${h.p95.toFixed(2).padStart(8)} ${h.max.toFixed(2).padStart(8)} ${rss.toFixed(0).padStart(8)} ${(label === 'idle' ? '' : `+${(rss - idleRss).toFixed(0)}`).padStart(6)}  ${answers ? `${[...new Set(answers.map((x) => x.status))].join('/')} ${Math.max(...answers.map((x) => x.bytes)).toLocaleString('en')} B` : ''}`;
  console.log(
    `\n/api/v1/health (ms) and server RSS (MB), ${base}, pid ${pid}; MCP_RATE_LIMIT ${MCP_RATE_LIMIT.windowLimit}/${MCP_RATE_LIMIT.windowSize} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    `${'phase'.padEnd(52)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} ${'RSS'.padStart(8)} ${'Δ'.padStart(6)}  answers (status, largest)`,
  );
  console.log(row('idle', idleStats, idleRss, [warm]));
  console.log(row('(a) 8 x 100-call batch at once, 5 rounds', a.health, a.peakRssMb, a.answers));
  console.log(row('(b) 8 x 4-call batch (2025-03-26), 2 rounds', b.health, b.peakRssMb, b.answers));
  console.log(row('(c) no MCP: 32 x GET of the same at once, 2 rounds', c.health, c.peakRssMb, c.answers));
  console.log(row('after', stats([await health()]), settledRss));
  const holds = (x: typeof a) => x.health.max < 100 && x.peakRssMb - idleRss < 100;
  const ok = holds(a);
  console.log(`\nthe issue's flood (a): /api/v1/health under 100 ms and RSS within 100 MB of idle: ${ok ? 'yes' : 'NO'}`);
  console.log(
    `the most still allowed (b): ${holds(b) ? 'yes' : 'no'} (max ${b.health.max.toFixed(0)} ms, RSS +${(b.peakRssMb - idleRss).toFixed(0)} MB)`,
  );
  console.log(
    `BENCH_MCP_FLOOD_JSON ${JSON.stringify({ base, idle: { health: idleStats, rssMb: idleRss }, a, b, c, settledRssMb: settledRss, ok })}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  if (npm?.pid) process.kill(-npm.pid, 'SIGTERM');
}
