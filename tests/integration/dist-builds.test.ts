// The local dist/ layout: a link to one build, repointed in one rename; a plain dist/ from before joins the builds;
// the newest three builds are kept, and the served one always.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildsDirOf, isPublishedLink, newBuildDir, publishBuild } from '../../src/build-time/dist-builds.ts';

const build = (dist: string, marker: string) => {
  const dir = newBuildDir(dist);
  writeFileSync(join(dir, 'index.html'), marker);
  return dir;
};

describe('dist builds', () => {
  it('turns a plain dist into the link layout, publishes each build whole and keeps the newest three', async () => {
    const work = mkdtempSync(join(tmpdir(), 'skribra-dist-builds-'));
    const dist = join(work, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), 'plain');
    expect(isPublishedLink(dist)).toBe(false);

    const first = build(dist, 'one');
    publishBuild(dist, first);
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(realpathSync(dist)).toBe(realpathSync(first));
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('one');
    // The plain folder joined the builds, untouched.
    const names = readdirSync(buildsDirOf(dist));
    expect(
      names.filter((n) => n.startsWith('0-plain-')).map((n) => readFileSync(join(buildsDirOf(dist), n, 'index.html'), 'utf8')),
    ).toEqual(['plain']);

    const later: string[] = [];
    for (const marker of ['two', 'three', 'four']) {
      await new Promise((r) => setTimeout(r, 5)); // names sort by time
      const dir = build(dist, marker);
      publishBuild(dist, dir);
      later.push(dir);
      expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(marker);
    }
    expect(existsSync(first)).toBe(false);
    expect(readdirSync(buildsDirOf(dist)).map((n) => join(buildsDirOf(dist), n))).toEqual(later);
  });
});
