// The first session of a connection and its first tools/list, with every failure diagnosed in plain words.
import type { ToolListing, ListedTools } from '../listings/tool-listing';
import { UnauthorizedError } from '../sdk/mcp-sdk-client';
import { signInNeededProblem } from '../oauth/describe-oauth-failure';
import type { EraMemory } from '../session/mcp-era';
import type { McpSession, OpenMcpSessionOptions } from '../session/open-mcp-session';
import { openRemembering } from '../session/open-remembering';
import { detectHiddenSession } from './detect-browser-blocks';
import type { ReachabilityProbe } from './diagnose-connection-error';
import { diagnoseWhenFailed } from './load-on-use';
import { McpConnectionError } from './mcp-connection-error';

/** What `openFirstSession` needs. */
export interface FirstSessionOptions {
  /** The server's address as the person gave it (named in diagnoses). */
  serverUrl: string;
  sessionOptions: OpenMcpSessionOptions;
  /** The server's entry in `eraMemory`. */
  eraKey: string;
  eraMemory?: EraMemory;
  probe?: ReachabilityProbe;
  /** Given: an OAuth provider the SDK handed the authorization URL to, so a 401 means "sign in". */
  signsIn: boolean;
  listing: ToolListing;
}

/**
 * Opens a session (from the era remembered for the server when there is one) and lists its tools. A remembered
 * era that fails its first request is forgotten, and the server probed afresh once. Throws `McpConnectionError`
 * whose `problem` says what went wrong and what to do.
 */
export async function openFirstSession(
  url: URL,
  options: FirstSessionOptions,
): Promise<{ session: McpSession; listed: ListedTools }> {
  const open = async (memory: EraMemory | undefined) => {
    try {
      return await openRemembering(url, options.sessionOptions, memory, options.eraKey);
    } catch (error) {
      if (error instanceof McpConnectionError) throw error;
      // The SDK handed the authorization URL to the provider and stopped: the person has to sign in.
      if (error instanceof UnauthorizedError && options.signsIn)
        throw new McpConnectionError(signInNeededProblem, { cause: error });
      throw new McpConnectionError(await diagnoseWhenFailed(error, options.serverUrl, options.probe), {
        cause: error,
      });
    }
  };
  let { session, fromMemory } = await open(options.eraMemory);
  for (;;) {
    try {
      const current = session;
      return { session, listed: await options.listing.list(current.client, () => current.era) };
    } catch (error) {
      await session.client.close().catch(() => {});
      // A remembered era the server no longer speaks (it was upgraded or downgraded) shows only on the first
      // request after adopting it: forget it and connect once more with the probe.
      if (fromMemory && !(error instanceof UnauthorizedError)) {
        options.eraMemory?.forget(options.eraKey);
        ({ session, fromMemory } = await open(undefined));
        if (options.eraMemory !== undefined && session.eraNote === undefined)
          options.eraMemory.remember(options.eraKey, session.remembered);
        continue;
      }
      const hidden = detectHiddenSession(session, error);
      if (hidden !== undefined) throw new McpConnectionError(hidden, { cause: error });
      throw new McpConnectionError(await diagnoseWhenFailed(error, options.serverUrl, options.probe), {
        cause: error,
      });
    }
  }
}
