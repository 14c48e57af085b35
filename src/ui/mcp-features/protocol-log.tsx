// JSON-RPC messages with timing, newest last: filterable, downloadable as JSON, each one copyable. Shown for
// one server in its inspector and for every server in the dockable protocol log pane.
import { useMemo, useState } from 'react';
import type { McpTrafficRecord } from '../../protocol/mcp-feature-messages';
import { CopyButton } from '../common/copy-button';
import { inputClass, monoBlockClass, secondaryButtonClass } from '../common/styles';
import { downloadJson } from '../transcript/download-json';

// The shared input look without its full width, for controls in a toolbar row.
const inlineInputClass = `${inputClass.replace('w-full ', '')} w-auto`;

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

/** One line naming a record: direction, kind, method, id, timing, era. */
export function describeTraffic(record: McpTrafficRecord): string {
  return [
    `${record.direction === 'sent' ? '→' : '←'} ${record.kind} ${record.method ?? ''}`.trimEnd(),
    record.id === undefined ? '' : ` #${record.id}`,
    record.durationMs === undefined ? '' : ` · ${record.durationMs} ms`,
    record.era === undefined ? '' : ` · ${record.era === 'modern' ? '2026-07-28' : '2025 era'}`,
  ].join('');
}

export function ProtocolLog({
  records,
  fileName,
  onClear,
  serverName,
  listClassName = 'max-h-[50vh]',
  className = '',
}: {
  records: readonly McpTrafficRecord[];
  fileName: string;
  onClear: () => void;
  /** Given, each message is labelled with its server's name (a log of several servers). */
  serverName?: (serverId: string) => string;
  /** Classes of the list of messages (its height) and of the whole log. */
  listClassName?: string;
  className?: string;
}) {
  const [query, setQuery] = useState('');
  const [direction, setDirection] = useState('all');
  const shown = useMemo(() => filterTraffic(records, query, direction), [records, query, direction]);
  const start = records[0]?.at ?? 0;
  return (
    <div className={`flex min-h-0 flex-col gap-2 ${className}`}>
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
        <button type="button" className={secondaryButtonClass} onClick={() => downloadJson(shown, fileName)}>
          Export JSON
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClear}>
          Clear
        </button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {shown.length} of {records.length} messages
        </span>
      </div>
      <ol aria-label="Protocol messages" className={`${listClassName} space-y-1 overflow-auto`}>
        {shown.map((record) => (
          <li key={`${record.serverId}:${record.seq}`} className="flex items-start gap-1 text-xs">
            <details className="min-w-0 flex-1">
              <summary className="cursor-pointer font-mono select-none [overflow-wrap:anywhere]">
                <span className="text-zinc-600 dark:text-zinc-400">+{((record.at - start) / 1000).toFixed(3)}s </span>
                {serverName === undefined ? '' : `${serverName(record.serverId)} `}
                {describeTraffic(record)}
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
            <CopyButton
              label={`Copy message ${describeTraffic(record)}`}
              text={() => JSON.stringify(record.message, null, 2)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
