// The MCP SDK's client-side entry points, imported in one place.
// The lint layer ban on `**/client/**` targets Loupe's own src/client/ (main-thread code); the SDK's
// `client/` folder matches the same pattern by accident, so the ban is lifted here and only here.
/* eslint-disable @typescript-eslint/no-restricted-imports */
export { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
export { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
/* eslint-enable @typescript-eslint/no-restricted-imports */
