// Where each API lives: the roots every endpoint pattern, the Netlify paths and the APIs' JSON 404s are built from.
// Apart from the registry so an endpoint module can name its base without importing the list that imports it.

export const PUBLIC_BASE = '/api/v1';
export const CONTENT_BASE = '/v1';
export const TOOLS_BASE = '/tools-api';
/** The trial sign-up the site's /start/ form posts to (src/request/api/signup/). */
export const SIGNUP_BASE = '/signup';
/** The public MCP server (Streamable HTTP); the account-scoped one is `${CONTENT_BASE}/mcp`. */
export const MCP_BASE = '/mcp';
/**
 * MCP server cards where SEP-2127 (MCP Server Cards, the draft that superseded SEP-1649's `/.well-known/mcp.json`)
 * puts them: the site's own server at the bare path, another server of the domain below it by name.
 */
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card';
/**
 * Open Graph images by content (src/request/seo/og-image-key.ts): `/og-image/{key}.png`, where the key is a hash of everything
 * that shapes the image, so an answer never changes and may be cached for ever. Apart from the readable `/og/` and
 * `/covers/` files of the pages the build renders, which stay site paths.
 */
export const IMAGES_BASE = '/og-image';
