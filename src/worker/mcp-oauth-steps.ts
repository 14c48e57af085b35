// The OAuth steps that call the MCP SDK's auth flow (trading a code, renewing a token, reading its errors), in a
// chunk of their own beside the MCP runtime (load-mcp-runtime.ts): a worker whose servers never sign in does not
// load them. The SDK itself is the runtime's chunk, shared.
import './zod-jitless';

export { completeOAuthSignIn } from '../mcp/oauth/complete-oauth-sign-in';
export { describeOAuthFailure } from '../mcp/oauth/describe-oauth-failure';
export { freshAccessToken } from '../mcp/oauth/fresh-access-token';
