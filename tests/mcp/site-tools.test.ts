// The public MCP server's tools/list, as agents see it, held to a snapshot (__snapshots__/site-tools.test.ts.snap): names,
// titles, descriptions, annotations and every argument's input schema. A change to it is a change of the public
// server's contract, made on purpose: regenerate with `npx vitest run tests/mcp/site-tools.test.ts -u` and read the
// diff. Moving where a tool's facts come from (site-server.ts, the registry's schemas) must leave it as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, serveOrigin, type Origin } from './helpers.ts';

let o: Origin;
beforeAll(async () => {
  o = await serveOrigin();
});
afterAll(async () => {
  await o?.close();
});

it('tools/list is the one recorded in the snapshot', async () => {
  const client = await connect(`${o.base}/mcp`);
  const { tools } = await client.listTools();
  await client.close();
  expect(tools).toMatchSnapshot();
});
