// What bench:content prints beside each row (scripts/bench-proportions.ts): req/s of the ceiling, p99 of list's.
import { describe, expect, it } from 'vitest';
import { proportions } from '../../scripts/bench-proportions.ts';

describe('bench:content proportions', () => {
  it("each route against the ceiling and its own server's list p99", () => {
    const p = proportions({
      list: { rps: 3000, p99: 40 },
      detail: { rps: 2500, p99: 50 },
      ceiling: { rps: 10000, p99: 7 },
    });
    expect(p).toEqual({ list: { ofCeiling: 0.3, p99OfList: 1 }, detail: { ofCeiling: 0.25, p99OfList: 1.25 } });
  });

  it('compared servers each against their own list; no ceiling or no list, no such proportion', () => {
    const p = proportions({
      'list compare': { rps: 2000, p99: 20 },
      'list this': { rps: 3000, p99: 40 },
      'detail compare': { rps: 1000, p99: 30 },
      'detail this': { rps: 2000, p99: 40 },
    });
    expect(p).toEqual({
      'list compare': { p99OfList: 1 },
      'list this': { p99OfList: 1 },
      'detail compare': { p99OfList: 1.5 },
      'detail this': { p99OfList: 1 },
    });
    expect(proportions({ detail: { rps: 5, p99: 3 }, ceiling: { rps: 10, p99: 1 } })).toEqual({ detail: { ofCeiling: 0.5 } });
  });
});
