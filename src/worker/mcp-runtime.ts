// The MCP layer's heavy half, in a chunk of its own: the SDK's client (its transports and OAuth flow), zod (its
// message schemas), the JSON Schema validator and the connection code. The worker loads it with the first server
// connection (load-mcp-runtime.ts), so a worker with no server never parses it; the sign-in steps are a chunk of
// their own (mcp-oauth-steps.ts), and a connection's rarer parts load when first used (mcp/connection/load-on-use.ts).
import './zod-jitless';

export { connectMcpServer } from '../mcp/connection/connect-mcp-server';
