import { describe, expect, it } from 'vitest';
import { fileCircles } from '../../scripts/file-circles.ts';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('file circles', () => {
  it('finds a circle of two files, as pipeline.ts and stages/static-answer.ts were (through a type)', () => {
    expect(
      fileCircles(graph({ 'pipeline.ts': ['static-answer.ts', 'match.ts'], 'static-answer.ts': ['pipeline.ts'], 'match.ts': [] })),
    ).toEqual([['pipeline.ts', 'static-answer.ts', 'pipeline.ts']]);
  });

  it('finds a longer circle once, shortest through its first file, and a file importing itself', () => {
    const circles = fileCircles(graph({ a: ['b'], b: ['c', 'x'], c: ['d', 'a'], d: ['b'], x: [], s: ['s'], t: ['u'], u: ['v'], v: ['t'] }));
    expect(circles).toEqual(
      expect.arrayContaining([
        ['a', 'b', 'c', 'a'],
        ['s', 's'],
        ['t', 'u', 'v', 't'],
      ]),
    );
    expect(circles).toHaveLength(3);
  });

  it('finds nothing in a graph without circles', () => {
    expect(fileCircles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});
