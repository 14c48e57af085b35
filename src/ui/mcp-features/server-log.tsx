// The log messages one server sent (notifications/message), with a level the server should send from.
import { MCP_LOG_LEVELS, type McpLogEntry, type McpLogLevel } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, secondaryButtonClass } from '../common/styles';

// The shared input look without its full width, for controls in a toolbar row.
const inlineInputClass = `${inputClass.replace('w-full ', '')} w-auto`;

const noEntries: McpLogEntry[] = [];
const levelTone: Record<string, string> = {
  debug: 'text-zinc-600 dark:text-zinc-400',
  info: 'text-sky-700 dark:text-sky-300',
  notice: 'text-sky-700 dark:text-sky-300',
  warning: 'text-amber-700 dark:text-amber-300',
};

export function ServerLog({ serverId }: { serverId: string }) {
  const entries = useLoupeStore((state) => state.mcpLogs[serverId] ?? noEntries);
  const clear = useLoupeStore((state) => state.clearLogs);
  const client = useLoupeStore((state) => state.setServerLogLevel);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={inlineInputClass}
          aria-label="Least severe level to receive"
          defaultValue=""
          onChange={(event) => void client(serverId, event.target.value as McpLogLevel)}
        >
          <option value="" disabled>
            Level the server sends…
          </option>
          {MCP_LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level} and above
            </option>
          ))}
        </select>
        <button type="button" className={secondaryButtonClass} onClick={() => clear(serverId)}>
          Clear
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">No log messages yet.</p>
      ) : (
        <ol aria-label="Server log" className="max-h-[50vh] space-y-0.5 overflow-auto font-mono text-xs">
          {entries.map((entry, index) => (
            <li key={index} className="[overflow-wrap:anywhere]">
              <span className="text-zinc-600 dark:text-zinc-400">{new Date(entry.at).toLocaleTimeString()} </span>
              <span className={levelTone[entry.level] ?? 'text-red-700 dark:text-red-300'}>{entry.level}</span>
              {entry.logger === undefined ? '' : ` ${entry.logger}`}:{' '}
              {typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
