// POST /v1/mcp's handler: the account-scoped MCP server (src/request/api/mcp/account-endpoint.ts).
export { callAccountMcp as default } from '../mcp/account-endpoint.ts';
