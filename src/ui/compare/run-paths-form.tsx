// Compare's "one prompt, two paths": a server, each side's path (the API's MCP connector or Loupe's browser client)
// and a prompt; Run both sides runs it on the left path, then the right, and hands the two runs to the comparison.
import { useEffect, useRef, useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';
import { WhyDisabledButton } from '../common/why-disabled-button';
import { PATH_WORDS, runBothPaths, type ServerPath } from './run-both-paths';

const noteClass = 'text-[11px] text-zinc-600 dark:text-zinc-400';

function PathPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ServerPath;
  onChange: (v: ServerPath) => void;
}) {
  return (
    <Field label={label} className="min-w-0">
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value === 'api' ? 'api' : 'browser')}
        >
          <option value="api">Through the API (MCP connector)</option>
          <option value="browser">Through the browser</option>
        </select>
      )}
    </Field>
  );
}

export function RunPathsForm({ onRan }: { onRan: (left: string, right: string) => void }) {
  const store = useLoupeStoreApi();
  const servers = useLoupeStore((state) => state.servers);
  const anthropic = useLoupeStore((state) => state.settings.provider === 'anthropic');
  const draft = useLoupeStore((state) => state.settings.draft);
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const [serverId, setServerId] = useState(servers[0]?.id ?? '');
  const [left, setLeft] = useState<ServerPath>('api');
  const [right, setRight] = useState<ServerPath>('browser');
  const [prompt, setPrompt] = useState(draft);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Closing the dialog (unmounting the form) means the person left: a right side not started yet never starts.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const server = servers.find((candidate) => candidate.id === serverId) ?? servers[0];
  if (servers.length === 0) return null;
  const whyNot = !anthropic
    ? 'Only the Anthropic provider has the MCP connector'
    : busy || running
      ? 'Wait for the run to end (or press Stop)'
      : prompt.trim() === ''
        ? 'Write the prompt both sides run'
        : undefined;

  const start = async () => {
    if (server === undefined) return;
    setBusy(true);
    const ran = await runBothPaths(
      store,
      { serverId: server.id, serverName: server.name, prompt: prompt.trim(), left, right },
      setStatus,
      () => !mounted.current,
    );
    if (!mounted.current) return;
    setBusy(false);
    if (typeof ran === 'string') setStatus(ran);
    else {
      setStatus(`Both sides ran: ${server.name} ${PATH_WORDS[left]} on the left, ${PATH_WORDS[right]} on the right.`);
      onRan(ran.left, ran.right);
    }
  };

  return (
    <fieldset className="mb-3 space-y-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <legend className="px-1 text-xs font-semibold">Run one prompt both ways</legend>
      <p className={noteClass}>
        The same prompt twice with one server&apos;s path set per side: through the API, the request names the server
        (mcp_servers) and the API calls it — its calls come back as mcp_tool_use / mcp_tool_result inside one reply;
        through the browser, Loupe calls it — tool_use / tool_result, one round each. The comparison below shows the
        blocks, rounds, tokens and times of both.
      </p>
      <div className="flex flex-wrap gap-2">
        <Field label="Server" className="min-w-0">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={server?.id ?? ''}
              onChange={(event) => setServerId(event.target.value)}
            >
              {servers.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <PathPicker label="Left side path" value={left} onChange={setLeft} />
        <PathPicker label="Right side path" value={right} onChange={setRight} />
      </div>
      <Field label="Prompt for both sides">
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={inputClass}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <WhyDisabledButton className={secondaryButtonClass} whyDisabled={whyNot} onClick={() => void start()}>
          Run both sides
        </WhyDisabledButton>
        {status !== null && (
          <p role="status" aria-label="Both paths progress" className="text-xs">
            {status}
          </p>
        )}
      </div>
    </fieldset>
  );
}
