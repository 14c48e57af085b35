// The stdio entries of an imported mcpServers file: a browser cannot start a process, so each shows the
// bridge command to run (copyable) and a field for the URL it prints. Why paste and not discover: the bridge's
// token is what keeps other web pages out, so no page, Loupe included, can learn it except from the person.
import { useState } from 'react';
import { bridgeCommand, type StdioServerEntry } from '../../store/bridge-command';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, monoBlockClass, smallButtonClass, secondaryButtonClass } from '../common/styles';

/** A URL the bridge could have printed: http on this machine. */
function checkBridgeUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Paste the whole URL the bridge printed after "Bridge ready:".';
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return 'The bridge runs on this machine: its URL starts with http://127.0.0.1.';
  if (!url.searchParams.has('token')) return 'This URL has no token: paste the whole line the bridge printed.';
  return undefined;
}

function StdioEntryOffer({ entry }: { entry: StdioServerEntry }) {
  const command = bridgeCommand(entry);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const [added, setAdded] = useState(false);
  const addServer = useLoupeStore((state) => state.addServer);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the command stays selectable.
    }
  };
  const connect = () => {
    const refusal = checkBridgeUrl(url);
    setProblem(refusal);
    if (refusal !== undefined) return;
    void addServer(url.trim(), {}, entry.name);
    setAdded(true);
    setUrl('');
  };

  return (
    <li
      aria-label={`Stdio server ${entry.name}`}
      className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <p className="text-zinc-700 dark:text-zinc-300">
        <strong>{entry.name}</strong> is a stdio server. Run this in a terminal, in Loupe&apos;s folder:
      </p>
      <pre aria-label={`Bridge command for ${entry.name}`} className={`${monoBlockClass} mt-1`}>
        {command}
      </pre>
      <button
        type="button"
        className={smallButtonClass}
        aria-label={`Copy the bridge command for ${entry.name}`}
        onClick={() => void copy()}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <Field label={`Bridge URL for ${entry.name}`} className="mt-2">
        {(control) => (
          <div className="flex gap-1">
            <input
              {...control}
              type="url"
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              placeholder="http://127.0.0.1:3010/mcp?token=…"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
            <button type="button" className={secondaryButtonClass} disabled={url.trim() === ''} onClick={connect}>
              Connect {entry.name}
            </button>
          </div>
        )}
      </Field>
      {problem !== undefined && <p className="mt-1 text-red-700 dark:text-red-400">{problem}</p>}
      {added && problem === undefined && (
        <p role="status" className="mt-1 text-zinc-600 dark:text-zinc-400">
          Added {entry.name}: it appears under Servers. If the bridge restarts, paste its new URL.
        </p>
      )}
    </li>
  );
}

/** One offer per stdio entry, and the one-command way for several. */
export function StdioBridgeOffer({ entries }: { entries: readonly StdioServerEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      <p className="text-zinc-600 dark:text-zinc-400">
        A browser cannot start programs, so stdio servers run through Loupe&apos;s bridge on this machine. It prints a
        URL with a secret token, new at each start unless the bridge runs with <code>--keep-token</code>; paste it here.
        {entries.length > 1 && (
          <>
            {' '}
            Or run them all at once: save this JSON as a file and run{' '}
            <code className="font-mono">npm run bridge -- --config &lt;file&gt;</code>.
          </>
        )}
      </p>
      <ul aria-label="Stdio servers" className="space-y-2">
        {entries.map((entry) => (
          <StdioEntryOffer key={entry.name} entry={entry} />
        ))}
      </ul>
    </div>
  );
}
