// Every JSON-RPC message of one server, newest last, with timing; filterable and downloadable as JSON.
import { useMemo, useState } from 'react';
import type { McpTrafficRecord } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, monoBlockClass, secondaryButtonClass } from '../common/styles';
import { downloadJson } from '../transcript/download-json';

// The shared input look without its full width, for controls in a toolbar row.
const inlineInputClass = `${inputClass.replace('w-full ', '')} w-auto`;

const noRecords: McpTrafficRecord[] = [];

/** Records whose method, id, kind or JSON text contain `query` (case-insensitive), in `direction`. */
export function filterTraffic(
  records: readonly McpTrafficRecord[],
  query: string,
  direction: string,
): McpTrafficRecord[] {
  const needle = query.trim().toLowerCase();
  return records.filter(
    (record) =>
      (direction === 'all' || record.direction === direction) &&
      (needle === '' || JSON.stringify(record).toLowerCase().includes(needle)),
  );
}

export function ProtocolLog({ serverId, serverName }: { serverId: string; serverName: string }) {
  const records = useLoupeStore((state) => state.mcpTraffic[serverId] ?? noRecords);
  const clear = useLoupeStore((state) => state.clearTraffic);
  const [query, setQuery] = useState('');
  const [direction, setDirection] = useState('all');
  const shown = useMemo(() => filterTraffic(records, query, direction), [records, query, direction]);
  const start = records[0]?.at ?? 0;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          className={`${inputClass} max-w-56`}
          aria-label="Filter messages"
          placeholder="Filter: method, id, text…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select
          className={inlineInputClass}
          aria-label="Direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value)}
        >
          <option value="all">Both directions</option>
          <option value="sent">Sent</option>
          <option value="received">Received</option>
        </select>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => downloadJson(shown, `${serverName}-protocol-log.json`)}
        >
          Export JSON
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => clear(serverId)}>
          Clear
        </button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {shown.length} of {records.length} messages
        </span>
      </div>
      <ol aria-label="Protocol messages" className="max-h-[50vh] space-y-1 overflow-auto">
        {shown.map((record) => (
          <li key={record.seq} className="text-xs">
            <details>
              <summary className="cursor-pointer font-mono select-none">
                <span className="text-zinc-600 dark:text-zinc-400">+{((record.at - start) / 1000).toFixed(3)}s </span>
                {record.direction === 'sent' ? '→' : '←'} {record.kind} {record.method ?? ''}
                {record.id === undefined ? '' : ` #${record.id}`}
                {record.durationMs === undefined ? '' : ` · ${record.durationMs} ms`}
                {record.era === undefined ? '' : ` · ${record.era === 'modern' ? '2026-07-28' : '2025 era'}`}
              </summary>
              {record.headers === undefined ? null : (
                <pre aria-label="Request headers" className={monoBlockClass}>
                  {Object.entries(record.headers)
                    .map(([name, value]) => `${name}: ${value}`)
                    .join('\n')}
                </pre>
              )}
              <pre className={monoBlockClass}>{JSON.stringify(record.message, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
