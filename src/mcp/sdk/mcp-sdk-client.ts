// The MCP SDK's client-side entry points (the v2 client, which speaks the 2026-07-28 era and every 2025 one), imported in one place.
export { UnauthorizedError, auth } from '@modelcontextprotocol/client';
export type { OAuthClientProvider } from '@modelcontextprotocol/client';
export { Client } from '@modelcontextprotocol/client';
export { SSEClientTransport } from '@modelcontextprotocol/client';
export { StreamableHTTPClientTransport, SdkHttpError } from '@modelcontextprotocol/client';
