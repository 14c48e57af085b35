// One server up close: capabilities, resources, prompts, its log and the raw protocol messages.
import { useState } from 'react';
import type { ServerState } from '../../protocol/server-status';
import type { ServerConfig } from '../../protocol/settings';
import { ModalDialog } from '../tools/modal-dialog';
import { PromptsBrowser } from './prompts-browser';
import { ServerProtocolLog } from './server-protocol-log';
import { ResourcesBrowser } from './resources-browser';
import { ServerLog } from './server-log';
import { SkillsBrowser } from './skills-browser';
import { hasSkillsExtension } from '../../shared/has-skills-extension';

const tabs = ['Resources', 'Prompts', 'Skills', 'Log', 'Protocol'] as const;
type Tab = (typeof tabs)[number];

export function ServerInspector({
  server,
  state,
  onClose,
}: {
  server: ServerConfig;
  state: ServerState | undefined;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>('Protocol');
  const capabilities = Object.keys(state?.capabilities ?? {});
  const connected = state?.status === 'connected';
  return (
    <ModalDialog title={`Inspect ${server.name}`} onClose={onClose}>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
        <dd>{state?.status ?? 'connecting'}</dd>
        {state?.serverInfo !== undefined && (
          <>
            <dt className="text-zinc-600 dark:text-zinc-400">Server</dt>
            <dd>
              {state.serverInfo.name} {state.serverInfo.version}
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Protocol</dt>
            <dd>{state.serverInfo.protocolVersion ?? 'not reported'}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Era</dt>
            <dd aria-label="Protocol era">
              {state.serverInfo.era === 'modern'
                ? '2026-07-28 and later: stateless, server/discover'
                : state.serverInfo.era === 'legacy'
                  ? '2025 era: initialize handshake'
                  : 'not reported'}
            </dd>
          </>
        )}
        <dt className="text-zinc-600 dark:text-zinc-400">Capabilities</dt>
        <dd aria-label="Capabilities">{capabilities.length === 0 ? 'none reported' : capabilities.join(', ')}</dd>
      </dl>
      <div
        role="tablist"
        aria-label="Server views"
        className="mb-3 flex gap-1 border-b border-zinc-200 dark:border-zinc-800"
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`-mb-px border-b-2 px-3 py-1.5 text-xs font-medium ${tab === name ? 'border-indigo-600 text-indigo-700 dark:text-indigo-300' : 'border-transparent text-zinc-600 dark:text-zinc-400'}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Protocol' && <ServerProtocolLog serverId={server.id} serverName={server.name} />}
        {tab === 'Log' && <ServerLog serverId={server.id} />}
        {tab === 'Resources' &&
          (connected && state.capabilities?.['resources'] !== undefined ? (
            <ResourcesBrowser serverId={server.id} />
          ) : (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              This server does not offer resources{connected ? '' : ' (not connected)'}.
            </p>
          ))}
        {tab === 'Skills' &&
          (connected && hasSkillsExtension(state.capabilities) ? (
            <SkillsBrowser serverId={server.id} />
          ) : (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              This server does not offer skills{connected ? '' : ' (not connected)'}.
            </p>
          ))}
        {tab === 'Prompts' &&
          (connected && state.capabilities?.['prompts'] !== undefined ? (
            <PromptsBrowser serverId={server.id} />
          ) : (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              This server does not offer prompts{connected ? '' : ' (not connected)'}.
            </p>
          ))}
      </div>
    </ModalDialog>
  );
}
