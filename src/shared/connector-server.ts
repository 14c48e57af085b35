// An MCP server the Messages API calls itself (the MCP connector), as the request names it. Types and one check.
import { addressSpaceOfUrl } from './address-space';

/**
 * One entry of the request's `mcp_servers`. `authorizationToken` is present only when the person ticked
 * "Send the token to the API" for this server; it then goes to the provider's base URL inside the request body,
 * and the API presents it to that server's URL only.
 */
export interface ConnectorServer {
  /** The server's name in Loupe, which the API uses for its `mcp_tool_use.server_name`. */
  name: string;
  url: string;
  authorizationToken?: string;
  /**
   * The id of the server whose OAuth sign-in gives the token (the person ticked "Send the token to the API" on a
   * server they signed in to): the worker fetches it fresh, renewed when it has ended, before each request.
   */
  tokenFromSignIn?: string;
}

/**
 * Why the API cannot reach `url`, or nothing: the API calls the server from Anthropic's network, so a server on
 * this machine or the local network, or one not on https, is out of its reach.
 */
export function connectorReachProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This URL cannot be read, so the API cannot call it.';
  }
  const space = addressSpaceOfUrl(url);
  if (space === 'local')
    return 'This server is on this machine: the API, which calls it from the internet, cannot reach it.';
  if (space === 'private')
    return 'This server is on a local network: the API, which calls it from the internet, cannot reach it.';
  if (parsed.protocol !== 'https:') return 'The API calls MCP servers over https only; this URL is not https.';
  return undefined;
}
