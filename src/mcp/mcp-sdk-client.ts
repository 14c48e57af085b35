// The MCP SDK's client-side entry points, imported in one place.
export { UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
export type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
export { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
