#!/usr/bin/env node
// Two accounts under load at once, through whatever DATABASE_URL names: each answer is searched for the other
// account's marker. Seeds the accounts ALPHA and BRAVO, each with its own key, project and 50 articles whose ids,
// slugs and titles carry its marker, serves the content API in a child process (content-api-child.ts: caches off, limits
// raised), then drives 16 connections per account on /v1/projects and /v1/articles until TENANT_ANSWERS
// answers (10,000) or TENANT_MAX_SECONDS (120). Prints one JSON line: answers, foreign (an answer holding the other
// account's marker), refused (a valid key answered 401), statuses, the first foreign body, and the server's stderr.
//   DATABASE_URL=... node scripts/tenant-load.ts   TENANT_ANSWERS  TENANT_CONNECTIONS (16 per account)
import { readConfig } from '../src/model/config.ts';
import { openStore } from '../src/store/open-store.ts';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { startContentChild } from './content-api-child.ts';

const target = Number(process.env.TENANT_ANSWERS) || 10_000;
const perAccount = Number(process.env.TENANT_CONNECTIONS) || 16;
const maxMs = (Number(process.env.TENANT_MAX_SECONDS) || 120) * 1000;
const MARKERS = ['alpha', 'bravo'] as const;

const store = await openStore({ config: readConfig() });
const tenants: { marker: string; key: string; project: string }[] = [];
for (const m of MARKERS) {
  const { api_key } = await createAccount(store.sql, `Tenant ${m}`, `acc_${m}_${process.pid}`);
  const project = await createProject(store.sql, {
    accountId: `acc_${m}_${process.pid}`,
    name: `Project ${m}`,
    url: `https://${m}.example`,
    apiEnabled: true,
    id: `prj_${m}_${process.pid}`,
  });
  await store.sql`
    insert into articles (id, project_id, slug, title, content_html, excerpt, published_at, created_at, updated_at)
    select 'art_' || ${m} || '_' || ${process.pid} || '_' || i, ${project}, ${m} || '-article-' || i, 'The ' || ${m} || ' article ' || i,
      '<p>' || ${m} || ' body</p>', ${m} || ' excerpt ' || i, now() - i * interval '1 hour', now() - i * interval '1 hour', now()
    from generate_series(1, 50) as i`;
  tenants.push({ marker: m, key: api_key, project });
}
await store.close();

const served = await startContentChild({});
const port = served.port;

const result = { answers: 0, foreign: 0, refused: 0, statuses: {} as Record<string, number>, firstForeign: '' };
const t0 = Date.now();
const done = () => result.answers >= target || Date.now() - t0 > maxMs;
async function drive(self: (typeof tenants)[number], other: string, n: number): Promise<void> {
  for (let i = n; !done(); i++) {
    const path = i % 2 ? '/v1/projects' : `/v1/articles?projectId=${self.project}&page=${1 + (i % 3)}&limit=20`;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${self.key}` } });
    const body = await res.text();
    result.answers++;
    result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
    if (res.status === 401) result.refused++;
    if (body.toLowerCase().includes(other)) {
      result.foreign++;
      result.firstForeign ||= `${self.marker} ${path}: ${body.slice(0, 300)}`;
    }
  }
}
await Promise.all(tenants.flatMap((t, k) => Array.from({ length: perAccount }, (_, n) => drive(t, tenants[1 - k]!.marker, n))));
const seconds = (Date.now() - t0) / 1000;
await served.stop();
console.log(JSON.stringify({ ...result, seconds, stderr: served.stderr() }));
