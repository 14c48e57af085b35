// A server's "Run through the API" choice (Anthropic's MCP connector): the API calls the server itself, and what
// is sent where is said beside the checkbox.
import type { ServerConfig } from '../../protocol/settings';
import { connectorReachProblem } from '../../shared/connector-server';
import { useLoupeStore } from '../../store/loupe-store-provider';

const rowClass = 'flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300';
const noteClass = 'text-[11px] text-zinc-600 dark:text-zinc-400';

function hasAuthorization(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
}

function hasBearer(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && /^Bearer\s+\S/i.test(value),
  );
}

export function RunThroughApi({ server }: { server: ServerConfig }) {
  const setRunThroughApi = useLoupeStore((store) => store.setRunThroughApi);
  const anthropic = useLoupeStore((store) => store.settings.provider === 'anthropic');
  const signedIn = useLoupeStore((store) => store.oauth[server.id]?.signedIn === true);
  const choice = server.runThroughApi;
  const problem = choice === undefined ? undefined : connectorReachProblem(server.url);
  const bearer = hasBearer(server.headers);
  // A server with an Authorization header of its own has no OAuth sign-in; one signed in has its access token.
  const oauthToken = !bearer && signedIn && !hasAuthorization(server.headers);
  const token = bearer || oauthToken;
  return (
    <div className="mt-2 space-y-1">
      <label className={rowClass}>
        <input
          type="checkbox"
          className="size-3.5 accent-indigo-600"
          checked={choice !== undefined}
          onChange={(event) =>
            void setRunThroughApi(server.id, event.target.checked ? { sendToken: false } : undefined)
          }
        />
        Run through the API
      </label>
      {choice !== undefined && (
        <div className="space-y-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
          <p className={noteClass}>
            {anthropic
              ? 'With Anthropic, the request names this server (mcp_servers) and the API calls it itself; Loupe does not send its tools or call them. Its calls show under the server, marked as run by the API.'
              : 'Only the Anthropic provider has the MCP connector: with this provider the browser calls the server as usual.'}
          </p>
          {problem !== undefined && (
            <p role="status" className="text-[11px] text-amber-700 dark:text-amber-400">
              {problem}
            </p>
          )}
          <label className={rowClass}>
            <input
              type="checkbox"
              className="size-3.5 accent-indigo-600"
              disabled={!token}
              checked={choice.sendToken && token}
              onChange={(event) => void setRunThroughApi(server.id, { sendToken: event.target.checked })}
            />
            Send the token to the API
          </label>
          <p className={noteClass}>
            {bearer
              ? "The Authorization header's bearer token goes inside the request to the provider, which presents it to this server's URL only. No other header is sent."
              : oauthToken
                ? "Your OAuth sign-in's access token goes inside each request to the provider, which presents it to this server's URL only; Loupe renews it first when it has ended."
                : 'This server has no Authorization: Bearer header and no OAuth sign-in, so no token can go. No header is ever sent to the API.'}
          </p>
          {choice.sendToken && token && (
            <p role="note" className="text-[11px] text-amber-700 dark:text-amber-400">
              The token goes to Anthropic. Whoever holds it can act as you on this server until it expires: send it only
              to a provider you trust with that.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
