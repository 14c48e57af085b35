// The MCP layer's heavy half, in a chunk of its own: the SDK's client (its transports and OAuth flow), zod (its
// message schemas), the JSON Schema validator and the connection code. The worker loads it with the first server
// connection or sign-in step (load-mcp-runtime.ts), so a worker with no server never parses it.
import './zod-jitless';

export { connectMcpServer } from '../mcp/connection/connect-mcp-server';
export { completeOAuthSignIn } from '../mcp/oauth/complete-oauth-sign-in';
export { describeOAuthFailure } from '../mcp/oauth/describe-oauth-failure';
export { freshAccessToken } from '../mcp/oauth/fresh-access-token';
