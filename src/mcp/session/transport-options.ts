// The options of the SDK transport under one MCP session: its fetch, and how a lost stream is resumed.
import { refuseRedirects } from '../http/refuse-redirects';
import { scopeServerHeaders } from '../http/scope-server-headers';
import { markStreamLogs } from './mark-stream-logs';
import type { OpenMcpSessionOptions } from './open-mcp-session-options';
import type { RequestStreamWatch } from './watch-request-streams';

/**
 * The SDK's own stream resumption (`Last-Event-ID`), made quick enough that a call whose server is gone fails
 * within 2 s: two tries, 250 ms then 500 ms after the loss, whatever `retry:` the server asked for (capped).
 */
const resumption = {
  initialReconnectionDelay: 250,
  maxReconnectionDelay: 500,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 2,
};

/**
 * The options of a session's SDK transport: the fetch under Loupe's rules (no redirects, the person's headers for
 * the server's origin only); on streamable HTTP also each request's stream watched and its logs marked
 * (`watch`), and a quick resumption.
 */
export function transportOptions(url: URL, options: OpenMcpSessionOptions, watch?: RequestStreamWatch) {
  const base = options.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init));
  // Not `requestInit.headers`: the SDK would send those to the OAuth authorization server too.
  const scoped = scopeServerHeaders(url, options.headers, refuseRedirects(base));
  const schedule = options.streams?.schedule;
  return {
    fetch: watch === undefined ? scoped : watch.fetch(markStreamLogs(scoped)),
    ...(watch === undefined
      ? {}
      : {
          reconnectionOptions: resumption,
          reconnectionScheduler: (reconnect: () => void, delay: number) => {
            const ms = Math.min(delay, resumption.maxReconnectionDelay);
            if (schedule !== undefined) return schedule(reconnect, ms);
            const handle = setTimeout(reconnect, ms);
            return () => clearTimeout(handle);
          },
        }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  };
}
