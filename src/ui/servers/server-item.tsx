// One MCP server: name, URL, status word, tools, instructions switch, and what to do when it fails.
import { memo, useId, useState } from 'react';
import { lazyComponent } from '../common/lazy-component';
import type { ServerState } from '../../protocol/server-status';
import type { ServerConfig } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { StatusBadge } from '../common/status-badge';
import type { BadgeTone } from '../common/status-badge';
import { smallButtonClass } from '../common/styles';
import { CorsHelperOffer } from './cors-helper-offer';
import { ServerTools } from './server-tools';
import { RunThroughApi } from './run-through-api';
import { isVisibleToModel } from '../../shared/mcp-tool-visibility';
import { OAuthSignIn, useNeedsSignIn } from './oauth-sign-in';
import { revealHiddenCharacters } from '../../shared/reveal-hidden-characters';

// Opened on demand: the inspector (prompts, resources, logs) and the edit dialog load when first opened.
const ServerInspector = lazyComponent(() => import('../mcp-features/server-inspector'), 'ServerInspector');
const EditServerDialog = lazyComponent(() => import('./edit-server-dialog'), 'EditServerDialog');

const toneOf: Record<ServerState['status'], BadgeTone> = {
  connected: 'ok',
  connecting: 'busy',
  reconnecting: 'busy',
  unreachable: 'error',
  error: 'error',
};

export const ServerItem = memo(function ServerItem({
  server,
  state,
}: {
  server: ServerConfig;
  state: ServerState | undefined;
}) {
  const switchId = useId();
  const removeServer = useLoupeStore((store) => store.removeServer);
  const reconnectServer = useLoupeStore((store) => store.reconnectServer);
  const toggleInstructions = useLoupeStore((store) => store.toggleInstructions);
  const status = state?.status ?? 'connecting';
  const tools = state?.tools ?? [];
  const modelTools = tools.filter((tool) => isVisibleToModel(tool.app)).length;
  const [open, setOpen] = useState<'edit' | 'inspect' | null>(null);
  const needsSignIn = useNeedsSignIn(server.id, status);

  return (
    <li aria-label={`${server.name} ${status}`} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <div className="min-w-0 flex-1 basis-48">
          <p className="flex items-center gap-2">
            <span className="font-mono text-sm font-semibold text-zinc-900 dark:text-zinc-100">{server.name}</span>
            <StatusBadge tone={toneOf[status]}>{status}</StatusBadge>
          </p>
          <p className="mt-0.5 truncate font-mono text-[11px] text-zinc-600 dark:text-zinc-400" title={server.url}>
            {server.url}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Inspect ${server.name}`}
            onClick={() => setOpen('inspect')}
          >
            Inspect
          </button>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Edit ${server.name}`}
            onClick={() => setOpen('edit')}
          >
            Edit
          </button>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Reconnect ${server.name}`}
            onClick={() => void reconnectServer(server.id)}
          >
            Reconnect
          </button>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Remove ${server.name}`}
            onClick={() => void removeServer(server.id)}
          >
            Remove
          </button>
        </div>
      </div>
      {state?.problem !== undefined && !needsSignIn && (
        <div
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300"
        >
          <p className="font-medium">{state.problem.message}</p>
          <p className="mt-0.5 text-red-700/90 dark:text-red-300/80">{state.problem.hint}</p>
          <CorsHelperOffer server={server} problem={state.problem.kind} />
        </div>
      )}
      {status === 'connected' && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          {modelTools} {modelTools === 1 ? 'tool' : 'tools'}
          {tools.length > modelTools && ` (+${tools.length - modelTools} for its apps only)`}
          {state?.serverInfo !== undefined && ` · ${state.serverInfo.name} ${state.serverInfo.version}`}
          {state?.serverInfo?.protocolVersion !== undefined &&
            ` · MCP ${state.serverInfo.protocolVersion}${eraLabel(state.serverInfo.era)}`}
        </p>
      )}
      {(status === 'connected' || status === 'reconnecting') && state?.notice !== undefined && (
        <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-300">
          {state.notice}
        </p>
      )}
      <OAuthSignIn server={server} status={status} />
      <ServerTools tools={tools} />
      {open === 'edit' && <EditServerDialog server={server} onClose={() => setOpen(null)} />}
      {open === 'inspect' && <ServerInspector server={server} state={state} onClose={() => setOpen(null)} />}
      <RunThroughApi server={server} />
      {state?.instructions !== undefined && state.instructions !== '' && (
        <div className="mt-2 space-y-1.5">
          <details className="text-xs">
            <summary className="cursor-pointer text-zinc-600 select-none dark:text-zinc-400">Instructions</summary>
            <p className="mt-1 rounded-md bg-zinc-50 p-2 whitespace-pre-wrap text-zinc-700 dark:bg-zinc-950/60 dark:text-zinc-300">
              {revealHiddenCharacters(state.instructions)}
            </p>
          </details>
          <label htmlFor={switchId} className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="size-3.5 accent-indigo-600"
              checked={server.includeInstructions}
              onChange={() => void toggleInstructions(server.id)}
            />
            Include instructions in system prompt
          </label>
        </div>
      )}
    </li>
  );
});

/** How the server item names an era after the version. */
function eraLabel(era: 'modern' | 'legacy' | undefined): string {
  if (era === 'modern') return ' (stateless)';
  if (era === 'legacy') return ' (2025 era)';
  return '';
}
