// The protocol log as a pane to keep open during a run: every server's JSON-RPC messages (or one server's),
// newest last, docked under the page or in the sidebar, moved or closed from its own title bar.
import { useMemo, useState } from 'react';
import type { McpTrafficRecord } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, smallButtonClass } from '../common/styles';
import { ProtocolLog } from '../mcp-features/protocol-log';
import { useLayout } from './layout-context';

const ALL = '';

/** Every server's records in the order the worker recorded them (`seq` counts across servers). */
export function mergeTraffic(
  traffic: Record<string, readonly McpTrafficRecord[]>,
  serverId: string,
): McpTrafficRecord[] {
  if (serverId !== ALL) return [...(traffic[serverId] ?? [])];
  return Object.values(traffic)
    .flat()
    .sort((left, right) => left.seq - right.seq);
}

export function ProtocolLogPane({ className = '' }: { className?: string }) {
  const { protocolDock, dockProtocolLog } = useLayout();
  const servers = useLoupeStore((state) => state.servers);
  const traffic = useLoupeStore((state) => state.mcpTraffic);
  const clear = useLoupeStore((state) => state.clearTraffic);
  const [serverId, setServerId] = useState(ALL);
  // A removed server's choice falls back to all servers rather than to an empty log.
  const chosen = serverId === ALL || servers.some((server) => server.id === serverId) ? serverId : ALL;
  const records = useMemo(() => mergeTraffic(traffic, chosen), [traffic, chosen]);
  const nameOf = (id: string): string => servers.find((server) => server.id === id)?.name ?? 'removed server';
  const fileName = `${chosen === ALL ? 'all-servers' : nameOf(chosen)}-protocol-log.json`;
  return (
    <section aria-label="Protocol log" className={`flex min-h-0 flex-col gap-2 ${className}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Protocol log</h2>
        <select
          className={`${inputClass.replace('w-full ', '')} w-auto !py-0.5 text-xs`}
          aria-label="Server"
          value={chosen}
          onChange={(event) => setServerId(event.target.value)}
        >
          <option value={ALL}>All servers</option>
          {servers.map((server) => (
            <option key={server.id} value={server.id}>
              {server.name}
            </option>
          ))}
        </select>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => dockProtocolLog(protocolDock === 'sidebar' ? 'bottom' : 'sidebar')}
          >
            {protocolDock === 'sidebar' ? 'Dock at bottom' : 'Dock in sidebar'}
          </button>
          {/* Not "Close protocol log": a name holding "Protocol log" would shadow the header's button of that name. */}
          <button
            type="button"
            className={smallButtonClass}
            aria-label="Close log"
            onClick={() => dockProtocolLog('closed')}
          >
            Close
          </button>
        </div>
      </div>
      <ProtocolLog
        records={records}
        fileName={fileName}
        onClear={() => {
          for (const server of servers) if (chosen === ALL || server.id === chosen) clear(server.id);
        }}
        {...(chosen === ALL ? { serverName: nameOf } : {})}
        className="min-h-0 flex-1"
        listClassName={protocolDock === 'sidebar' ? 'max-h-[60vh]' : 'min-h-0 flex-1'}
      />
    </section>
  );
}
