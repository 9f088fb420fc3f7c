// Every example of content/pages/docs/mcp.md runs against the local origin: each client config (Claude Code, Cursor,
// VS Code, the mcp-remote bridge) connects with the URL and headers it holds and lists the server's tools, the
// TypeScript example runs, the raw HTTP request is sent, and the MCP Inspector command (and `npm run check:mcp`,
// the same command) lists the tools. The tool tables name exactly the tools the servers list.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { callTool, connect, http, serveOrigin, type Origin } from './helpers.ts';
import { fillSiteAddress } from '../../src/model/catalog/site-address.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';

const root = resolve(import.meta.dirname, '../..');
// The page as production shows it: its {{site_url}} filled with the production address, which the examples localise.
const page = fillSiteAddress(readFileSync(join(root, 'content/pages/docs/mcp.md'), 'utf8'), 'https://skribra.com');
const blocks = [...page.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
const run = promisify(execFile);

let t: TestStore;
let o: Origin;
let key: string;
let home: string;
beforeAll(async () => {
  t = await openTestStore();
  key = (await fixture(t.store, 1)).key;
  o = await serveOrigin({ sql: t.store.sql });
  home = mkdtempSync(join(tmpdir(), 'skribra-mcp-home-'));
});
afterAll(async () => {
  await o?.close();
  await t?.close();
  rmSync(home, { recursive: true, force: true });
});

/** The docs' placeholders made real: this origin, the test account's key. */
const localise = (s: string) =>
  s
    .replaceAll('https://skribra.com', o.base)
    .replaceAll('$SKRIBRA_API_KEY', key)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the editors' own placeholder syntax, as the docs write it
    .replaceAll('${env:SKRIBRA_API_KEY}', key)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: as above
    .replaceAll('${input:skribra-api-key}', key)
    .replaceAll('<API_KEY>', key);

const SITE_TOOLS = ['search', 'search_text', 'get_page', 'get_glossary_term', 'list', 'compare'];
/** The account server's tools: one per content endpoint that declares one (src/request/api/content/*.endpoint.ts). */
const ACCOUNT_TOOLS = endpointsOf('content').flatMap((e) => (e.tool ? [e.tool.name] : []));

/** Connects as the config says, lists the tools, and for the account server makes one call with the key. */
async function tryServer(where: string, url: string, headers: Record<string, string>) {
  const account = new URL(url).pathname === '/v1/mcp';
  expect(new URL(url).pathname, where).toMatch(/^\/(v1\/)?mcp$/);
  const client = await connect(url, headers);
  expect(
    (await client.listTools()).tools.map((x) => x.name),
    where,
  ).toEqual(account ? ACCOUNT_TOOLS : SITE_TOOLS);
  if (account) expect((await callTool(client, 'list_projects')).isError, where).toBeFalsy();
  await client.close();
  return account;
}

const headerPair = (h: string): [string, string] => {
  const i = h.indexOf(':');
  return [h.slice(0, i).trim(), h.slice(i + 1).trim()];
};

describe('docs: MCP page', () => {
  it('has the examples this test runs', () => {
    expect(blocks.map((b) => b.lang)).toEqual(['bash', 'json', 'json', 'json', 'js', 'http', 'bash']);
  });

  it('the Claude Code commands add both servers, the account one with the key', async () => {
    const lines = blocks[0]!.code.trim().split('\n');
    const kinds = [];
    for (const line of lines) {
      const m = /^claude mcp add --transport http (\S+) (\S+)(?: --header "([^"]+)")?$/.exec(localise(line));
      expect(m, line).not.toBeNull();
      kinds.push(await tryServer(line, m![2]!, m![3] ? Object.fromEntries([headerPair(m![3])]) : {}));
    }
    expect(kinds).toEqual([false, true]);
  });

  it.each([
    ['Cursor', 1],
    ['VS Code', 2],
    ['mcp-remote', 3],
  ])('the %s config connects to both servers', async (name, i) => {
    const config = JSON.parse(localise(blocks[i]!.code)) as Record<
      string,
      Record<string, { url?: string; headers?: Record<string, string>; args?: string[]; env?: Record<string, string> }>
    >;
    const servers = config.mcpServers ?? config.servers!;
    const kinds = [];
    for (const [id, s] of Object.entries(servers)) {
      let url = s.url;
      let headers = s.headers ?? {};
      if (s.args) {
        // mcp-remote: the URL is an argument, each header a `--header Name:Value` pair, ${VAR} from `env`.
        url = s.args.find((a) => a.startsWith('http'));
        const fill = (v: string) => v.replace(/\$\{(\w+)\}/g, (_, n: string) => s.env?.[n] ?? '');
        headers = Object.fromEntries(s.args.flatMap((a, k) => (s.args![k - 1] === '--header' ? [headerPair(fill(a))] : [])));
      }
      kinds.push(await tryServer(`${name} ${id}`, url!, headers));
    }
    expect(kinds).toEqual([false, true]);
  });

  it('the TypeScript example runs and prints the URLs of the hits', async () => {
    const code = localise(blocks[4]!.code).replace(/^import \{ (\w+) \} from '([^']+)';$/gm, "const { $1 } = await load('$2');");
    const logged: unknown[][] = [];
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;
    await new AsyncFunction('load', 'console', code)((spec: string) => import(spec), { log: (...a: unknown[]) => logged.push(a) });
    expect(logged).toHaveLength(1);
    const urls = logged[0]![0] as string[];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls[0]).toBe(`${o.siteUrl}/glossary/canonical-url/`);
  });

  it('the raw HTTP request is one tool call', async () => {
    const [head, body] = blocks[5]!.code.split('\n\n') as [string, string];
    const [requestLine, ...headerLines] = head.split('\n');
    const [method, path] = requestLine!.split(' ');
    const headers = Object.fromEntries(headerLines.map(headerPair).filter(([k]) => k.toLowerCase() !== 'host'));
    const res = await http(`${o.base}${path}`, { method, headers, body: body.trim() });
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBeUndefined();
    expect(res.body.result.structuredContent).toEqual((await http(`${o.base}/api/v1/glossary/canonical-url`)).body);
  });

  it('the MCP Inspector command, and npm run check:mcp, list the tools offline', async () => {
    const args = localise(blocks[6]!.code.trim()).split(/\s+/).slice(2); // after `npx @modelcontextprotocol/inspector`
    const env = { ...process.env, HOME: home, USERPROFILE: home };
    const { stdout } = await run(process.execPath, [join(root, 'node_modules/.bin/mcp-inspector'), ...args], { env, timeout: 60_000 });
    expect(JSON.parse(stdout).tools.map((x: { name: string }) => x.name)).toEqual(SITE_TOOLS);
    const script = await run('npm', ['run', '--silent', 'check:mcp'], {
      cwd: root,
      env: { ...env, SKRIBRA_MCP_URL: `${o.base}/mcp` },
      timeout: 60_000,
    });
    expect(JSON.parse(script.stdout).tools.map((x: { name: string }) => x.name)).toEqual(SITE_TOOLS);
    // Without SKRIBRA_MCP_URL it asks the origin on PORT, as npm start and npm run dev serve it (issue 51.3).
    const withoutUrl: NodeJS.ProcessEnv = { ...env };
    delete withoutUrl.SKRIBRA_MCP_URL;
    const onPort = await run('npm', ['run', '--silent', 'check:mcp'], {
      cwd: root,
      env: { ...withoutUrl, PORT: new URL(o.base).port },
      timeout: 60_000,
    });
    expect(JSON.parse(onPort.stdout).tools.map((x: { name: string }) => x.name)).toEqual(SITE_TOOLS);
  }, 120_000);

  it('the tool tables name exactly the tools each server lists', () => {
    const table = (heading: string) => {
      const section = page.slice(page.indexOf(heading), page.indexOf('\n## ', page.indexOf(heading) + 1));
      return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    };
    expect(table('## Public server tools')).toEqual(SITE_TOOLS);
    expect(table('## Account server tools')).toEqual(ACCOUNT_TOOLS);
  });
});
