// The two MCP servers as facts, declared once: where each is, what it is for, how it authenticates and where its
// server card lives. The servers themselves, llms.txt, the API catalog, the OpenAPI document and the server cards
// read this. Plain data (no SDK, no zod), so the build and the machine files can import it for nothing.
import { CONTENT_BASE, MCP_BASE, MCP_SERVER_CARD_PATH } from '../../../model/endpoints/registry.ts';

export interface McpServerFacts {
  /** The card's short name, also its path under MCP_SERVER_CARD_PATH for all but the site's own server. */
  key: 'site' | 'account';
  /** Path of the Streamable HTTP endpoint. */
  path: string;
  /** Path of its SEP-2127 server card. */
  card: string;
  title: string;
  description: string;
  /** What a client must send: nothing, or the account key. */
  auth: 'none' | 'account-key';
  /** The docs page, as a path. */
  docs: string;
}

/** Server version (the cards' `version`, the initialize answer's `serverInfo.version`). */
export const MCP_SERVER_VERSION = '1.0.0';

export const MCP_DOCS_PATH = '/docs/mcp/';

export const MCP_SERVERS: Record<'site' | 'account', McpServerFacts> = {
  site: {
    key: 'site',
    path: MCP_BASE,
    card: MCP_SERVER_CARD_PATH,
    auth: 'none',
    docs: MCP_DOCS_PATH,
    title: 'Skribra site',
    description:
      "Skribra's public site for AI agents: search every page, read any page as markdown, look up SEO glossary terms, list the glossary, tools, agents, features and comparisons, and compare Skribra with a competitor. No key needed.",
  },
  account: {
    key: 'account',
    path: `${CONTENT_BASE}/mcp`,
    card: `${MCP_SERVER_CARD_PATH}/account`,
    auth: 'account-key',
    docs: MCP_DOCS_PATH,
    title: 'Skribra account',
    description:
      "Your own Skribra account for your agents: list your projects and their published articles, read one article with what your site should do with it (render, redirect or 404), and sync a project's changes. Needs your account API key; each call counts against the content API's rate limits.",
  },
};

/** Reverse-DNS server name from the site's host (`skribra.com` -> `com.skribra/site`), as server cards name servers. */
export const mcpServerName = (site: string, key: McpServerFacts['key']): string =>
  `${new URL(site).hostname.split('.').reverse().join('.')}/${key}`;
