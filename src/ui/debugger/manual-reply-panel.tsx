// "You are the model": at each model step the person writes the reply — text and calls of the run's tools.
import { useMemo, useState } from 'react';
import type { ManualReplyBlock } from '../../protocol/debug-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import {
  inputClass,
  monoBlockClass,
  panelClass,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../common/styles';
import { JsonEditor } from '../json-editor/json-editor';

type ToolCallDraft = Extract<ManualReplyBlock, { type: 'tool_use' }>;

export function ManualReplyPanel() {
  const turn = useLoupeStore((state) => state.debug.manualTurn);
  const running = useLoupeStore(
    (state) => state.runView.phase === 'running' && state.runView.runId === state.debug.manualTurn?.runId,
  );
  if (turn === null || !running) return null;
  return <ManualReplyForm key={turn.turnId} />;
}

function ManualReplyForm() {
  const turn = useLoupeStore((state) => state.debug.manualTurn);
  const error = useLoupeStore((state) => state.debug.error);
  const send = useLoupeStore((state) => state.sendManualReply);
  const tools = useMemo(() => turn?.tools ?? [], [turn]);
  const [text, setText] = useState('');
  const [calls, setCalls] = useState<ToolCallDraft[]>([]);
  const [toolName, setToolName] = useState(tools[0]?.name ?? '');
  const [inputText, setInputText] = useState('{}');
  const [input, setInput] = useState<Record<string, unknown> | null>({});
  const [problems, setProblems] = useState<string[]>([]);
  const schema = tools.find((tool) => tool.name === toolName)?.input_schema;

  const reply: ManualReplyBlock[] = [...(text.trim() === '' ? [] : [{ type: 'text' as const, text }]), ...calls];

  return (
    <section aria-label="You are the model" className={`${panelClass} border-indigo-300 dark:border-indigo-500/40`}>
      <h2 className="mb-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">You are the model</h2>
      <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
        Write this step's reply: text, tool calls, or both. Calls run through the real loop; with no call the run ends.
      </p>
      <div className="space-y-3">
        <Field label="Reply text">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className={inputClass}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        {calls.length > 0 && (
          <ul aria-label="Tool calls in the reply" className="space-y-1">
            {calls.map((call, index) => (
              <li key={`${call.name}-${index}`} className="flex items-start gap-2">
                <pre className={`${monoBlockClass} flex-1`}>{`${call.name} ${JSON.stringify(call.input)}`}</pre>
                <button
                  type="button"
                  className={smallButtonClass}
                  onClick={() => setCalls(calls.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {tools.length > 0 ? (
          <div className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
            <Field label="Tool to call">
              {(control) => (
                <select
                  {...control}
                  className={inputClass}
                  value={toolName}
                  onChange={(event) => setToolName(event.target.value)}
                >
                  {tools.map((tool) => (
                    <option key={tool.name}>{tool.name}</option>
                  ))}
                </select>
              )}
            </Field>
            <JsonEditor
              ariaLabel="Tool call input"
              value={inputText}
              height={120}
              {...(schema === undefined ? {} : { schema })}
              onChange={setInputText}
              onValidChange={(result) => {
                setInput(result.valid ? (result.value as Record<string, unknown>) : null);
                setProblems(result.valid ? [] : result.problems);
              }}
            />
            {problems.length > 0 && <p className="text-xs text-red-700 dark:text-red-400">{problems.join(' ')}</p>}
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={input === null || toolName === ''}
              onClick={() => input !== null && setCalls([...calls, { type: 'tool_use', name: toolName, input }])}
            >
              Add tool call
            </button>
          </div>
        ) : (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">This run has no tools: reply with text.</p>
        )}
        {error !== null && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <button
          type="button"
          className={primaryButtonClass}
          disabled={reply.length === 0}
          onClick={() => void send(reply)}
        >
          Send reply
        </button>
      </div>
    </section>
  );
}
