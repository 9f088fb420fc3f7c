// The build's store of output files (src/model/core/output-store.ts): bytes an earlier build wrote are linked, not created
// again; other bytes are written and kept; a kept file rewritten in place is never linked with its old name's bytes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputStore } from '../../src/model/core/output-store.ts';

const tmp = mkdtempSync(join(tmpdir(), 'skribra-output-store-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const store = join(tmp, 'store');
let builds = 0;
const build = () => {
  const out = join(tmp, `out-${++builds}`);
  mkdirSync(out);
  return out;
};

describe('the output store', () => {
  it("links a file a build wrote before, writes a new one, and keeps it for the next build's link", async () => {
    const first = build();
    const a = outputStore(store);
    a.write(join(first, 'term.json'), '{"slug":"crawl-budget"}');
    expect(await a.finish()).toEqual({ linked: 0, written: 1 });

    const second = build();
    const b = outputStore(store);
    b.write(join(second, 'term.json'), '{"slug":"crawl-budget"}');
    b.write(join(second, 'other.json'), '{"slug":"canonical-url"}');
    expect(await b.finish()).toEqual({ linked: 1, written: 1 });
    expect(statSync(join(second, 'term.json')).ino).toBe(statSync(join(first, 'term.json')).ino);
    expect(readFileSync(join(second, 'term.json'), 'utf8')).toBe('{"slug":"crawl-budget"}');
    expect(statSync(join(second, 'other.json')).nlink).toBe(2); // kept: the store holds it too
  });

  it('writes again, and keeps anew, bytes whose kept file was rewritten in place since', async () => {
    const first = build();
    outputStore(store).write(join(first, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(join(first, 'robots.txt'), 'User-agent: *\nDisallow: /\n'); // in place: the kept bytes change too
    const second = build();
    const s = outputStore(store);
    s.write(join(second, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    expect(await s.finish()).toEqual({ linked: 0, written: 1 });
    expect(readFileSync(join(second, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
    const third = build();
    const t = outputStore(store);
    t.write(join(third, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    expect(await t.finish()).toEqual({ linked: 1, written: 0 });
    expect(readFileSync(join(third, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
  });

  it('without a folder, writes every file', async () => {
    const out = build();
    const s = outputStore();
    s.write(join(out, 'a.json'), '{}');
    s.write(join(out, 'b.json'), '{}');
    expect(await s.finish()).toEqual({ linked: 0, written: 2 });
    expect(statSync(join(out, 'a.json')).nlink).toBe(1);
  });
});
