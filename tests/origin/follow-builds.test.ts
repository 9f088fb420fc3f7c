// Two origins of one checkout for two site URLs publish to one dist link: each follows only the builds made for its
// own URL, and the build it serves outlives pruning while it runs (a dead origin's hold is dropped).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_FILE } from '../../src/request/api/public/load-artifacts.ts';
import { buildsDirOf, holdBuild, newBuildDir, publishBuild } from '../../src/build-time/dist-builds.ts';
import { followBuilds } from '../../origin/follow-builds.ts';

/** A published build for `site` (only what the follower reads: the catalog's site_url). */
async function publish(dist: string, site: string): Promise<string> {
  await new Promise((r) => setTimeout(r, 5)); // names sort by time
  const dir = newBuildDir(dist);
  mkdirSync(join(dir, '_skribra'));
  writeFileSync(join(dir, CORE_FILE), JSON.stringify({ site_url: site }));
  publishBuild(dist, dir);
  return realpathSync(dir);
}

const A = 'http://localhost:4321';
const B = 'http://localhost:4322';

describe('following builds of one dist for two site URLs', () => {
  it('serves only builds made for its own site URL', async () => {
    const dist = join(mkdtempSync(join(tmpdir(), 'skribra-follow-')), 'dist');
    const first = await publish(dist, A);
    const logs: string[] = [];
    const handler = followBuilds(dist, first, (dir) => async () => new Response(dir), { recheckMs: 0, log: (m) => logs.push(m) });
    const served = async () => (await handler(new Request('http://localhost/'))).text();
    expect(await served()).toBe(first);

    const other = await publish(dist, B);
    expect(await served()).toBe(first);
    expect(logs).toEqual([`not serving the new build in ${other}: it was made for ${B}, not ${A}`]);

    const next = await publish(dist, A);
    expect(await served()).toBe(next);
    expect(logs.at(-1)).toBe(`serving the new build in ${next}`);
  });

  it('keeps the builds running origins hold through pruning, and drops the holds of origins that are gone', async () => {
    const dist = join(mkdtempSync(join(tmpdir(), 'skribra-held-')), 'dist');
    const held = await publish(dist, A);
    holdBuild(dist, held); // this process serves it
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const orphan = await publish(dist, A);
    writeFileSync(join(buildsDirOf(dist), `.held-${dead}`), orphan.split('/').at(-1)!);
    const later: string[] = [];
    for (let i = 0; i < 4; i++) later.push(await publish(dist, B));
    expect(existsSync(held)).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    expect(readdirSync(buildsDirOf(dist)).sort()).toEqual(
      [`.held-${process.pid}`, held, ...later.slice(-3)].map((d) => d.split('/').at(-1)).sort(),
    );
  });
});
