// Adds many servers at once from a pasted mcpServers JSON (Claude Desktop, Cursor, VS Code).
import { useState } from 'react';
import type { StdioServerEntry } from '../../store/bridge-command';
import { parseMcpServersJson } from '../../store/parse-mcp-servers-json';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';
import { StdioBridgeOffer } from './stdio-bridge-offer';

export function ImportServersForm() {
  const [text, setText] = useState('');
  const [report, setReport] = useState<{ problems: string[]; added: number; stdio: StdioServerEntry[] } | undefined>(
    undefined,
  );
  const addServer = useLoupeStore((state) => state.addServer);

  const importServers = () => {
    const parsed = parseMcpServersJson(text);
    if (parsed.error !== undefined) {
      setReport({ problems: [parsed.error], added: 0, stdio: [] });
      return;
    }
    for (const server of parsed.servers) void addServer(server.url, server.headers, server.name);
    setReport({ problems: parsed.skipped, added: parsed.servers.length, stdio: parsed.stdio });
    if (parsed.skipped.length === 0 && parsed.stdio.length === 0) setText('');
  };

  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-zinc-600 select-none hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        Import mcpServers JSON
      </summary>
      <Field
        label="mcpServers JSON"
        className="mt-2"
        hint="Claude Desktop, Cursor or VS Code format. HTTP entries are added (headers stay in memory only); stdio entries get the bridge command to run."
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            spellCheck={false}
            className={`${inputClass} font-mono text-xs`}
            placeholder={'{ "mcpServers": { "weather": { "url": "http://localhost:3001/mcp" } } }'}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-2`}
        disabled={text.trim() === ''}
        onClick={importServers}
      >
        Import servers
      </button>
      {report !== undefined && report.added > 0 && (
        <p role="status" className="mt-2 text-zinc-700 dark:text-zinc-300">
          Added {report.added} {report.added === 1 ? 'server' : 'servers'}.
        </p>
      )}
      {report !== undefined && report.problems.length > 0 && (
        <div role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-red-700 dark:bg-red-500/10 dark:text-red-400">
          {report.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {report !== undefined && <StdioBridgeOffer entries={report.stdio} />}
    </details>
  );
}
