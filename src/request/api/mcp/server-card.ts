// SEP-2127 server cards: what a server is, where it listens, how it authenticates and its static primitives, for a
// client that has not connected yet. Served at /.well-known/mcp/server-card (the site's server) and .../account,
// and inside each server as the resource `mcp://server-card.json`, as the SEP asks. The tools, resources and
// capabilities are not written out here: the server is built and asked, over an in-memory connection, exactly as a
// client would ask it, so the card cannot disagree with `tools/list`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { mcpServerName, MCP_SERVER_VERSION, type McpServerFacts } from './servers.ts';
import { KEY_HEADER_RULE } from '../http/request-key.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The SEP's resource URI for a server's own card. */
export const SERVER_CARD_URI = 'mcp://server-card.json';

/** What a card is made from: the server's facts, the site it is served for, and the server itself, built on demand. */
export interface CardSource {
  facts: McpServerFacts;
  site: string;
  build: () => McpServer;
}

const KEY_HEADERS = [
  { name: 'Authorization', description: `Bearer <your account API key>. ${KEY_HEADER_RULE}`, isRequired: false, isSecret: true },
  {
    name: 'X-Api-Key',
    description: `Your account API key, where Authorization is awkward. ${KEY_HEADER_RULE}`,
    isRequired: false,
    isSecret: true,
  },
];

async function describe(server: McpServer) {
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'skribra-server-card', version: MCP_SERVER_VERSION });
  await server.connect(far);
  await client.connect(near);
  try {
    const [{ tools }, { resources }] = await Promise.all([client.listTools(), client.listResources()]);
    return { capabilities: client.getServerCapabilities() ?? {}, tools, resources };
  } finally {
    await client.close();
    await server.close();
  }
}

const cards = new Map<string, Promise<Record<string, unknown>>>();

/** The card of one server for one site, built once per process. */
export function serverCard({ facts, site, build }: CardSource): Promise<Record<string, unknown>> {
  const key = `${facts.key}|${site}`;
  let card = cards.get(key);
  if (!card) {
    card = describe(build()).then(({ capabilities, tools, resources }) => ({
      $schema: SERVER_CARD_SCHEMA,
      name: mcpServerName(site, facts.key),
      version: MCP_SERVER_VERSION,
      title: facts.title,
      description: facts.description,
      websiteUrl: `${site}${facts.docs}`,
      remotes: [
        {
          type: 'streamable-http',
          url: `${site}${facts.path}`,
          supportedProtocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
          ...(facts.auth === 'account-key' ? { headers: KEY_HEADERS } : {}),
          authentication: facts.auth === 'account-key' ? { required: true, schemes: ['bearer'] } : { required: false, schemes: [] },
        },
      ],
      capabilities,
      resources,
      tools,
    }));
    card.catch(() => cards.delete(key));
    cards.set(key, card);
  }
  return card;
}

/** Adds the card as the server's `mcp://server-card.json` resource. */
export function addServerCardResource(server: McpServer, source: CardSource): void {
  server.registerResource(
    'server-card',
    SERVER_CARD_URI,
    {
      title: 'Server card',
      mimeType: 'application/json',
      description: `This server's card (SEP-2127), also at ${source.site}${source.facts.card}.`,
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await serverCard(source)) }] }),
  );
}
