// collectGarbage (src/model/core/collect-garbage.ts) runs a full collection on demand, as the build does between its phases.
import { expect, it } from 'vitest';
import { collectGarbage } from '../../src/model/core/collect-garbage.ts';

it('collects an object nothing refers to any more', async () => {
  let held: object | undefined = { payload: new Array(1000).fill('x') };
  const ref = new WeakRef(held);
  held = undefined;
  // A WeakRef's target stays alive until the job that made or read it ends.
  await new Promise((r) => setTimeout(r, 0));
  collectGarbage();
  expect(ref.deref()).toBeUndefined();
});
