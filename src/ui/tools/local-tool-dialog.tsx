// Defines a local tool: what the model sees, and how it answers (a canned result or a sandboxed JavaScript handler).
import { useMemo, useState } from 'react';
import type { LocalToolDefinition, LocalToolHandler } from '../../protocol/tool-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import { ModalDialog } from './modal-dialog';
import { checkToolDraft, type ToolDraftText } from './tool-draft';
import { ToolDefinitionFields } from './tool-definition-fields';
import { buildHandler, handlerKinds, handlerTextOf, type HandlerKind } from './local-tool-handler';
import { ScriptContract } from './local-tool-script-contract';

const starterSchema = JSON.stringify(
  { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  null,
  2,
);

export function LocalToolDialog({
  existing,
  takenNames,
  createId,
  onClose,
}: {
  existing?: LocalToolDefinition;
  takenNames: string[];
  createId: () => string;
  onClose: () => void;
}) {
  const saveLocalTool = useLoupeStore((state) => state.saveLocalTool);
  const removeLocalTool = useLoupeStore((state) => state.removeLocalTool);
  const [draft, setDraft] = useState<ToolDraftText>({
    name: existing?.name ?? 'mock_search',
    description: existing?.description ?? 'Searches the catalogue (a mock defined in Loupe).',
    schemaText: existing === undefined ? starterSchema : JSON.stringify(existing.inputSchema, null, 2),
  });
  const [kind, setKind] = useState<HandlerKind>(existing?.handler.kind ?? 'text');
  const [answer, setAnswer] = useState(existing === undefined ? 'No results.' : handlerTextOf(existing.handler));
  const [timeoutMs, setTimeoutMs] = useState(existing?.handler.kind === 'script' ? existing.handler.timeoutMs : 2000);

  const checked = useMemo(() => checkToolDraft(draft, takenNames), [draft, takenNames]);
  const handler = useMemo(() => buildHandler(kind, answer, timeoutMs), [kind, answer, timeoutMs]);
  const problems = [...(checked.ok ? [] : checked.problems), ...(typeof handler === 'string' ? [handler] : [])];

  const save = () => {
    if (!checked.ok || typeof handler === 'string') return;
    const { name, description, inputSchema } = checked;
    saveLocalTool({
      id: existing?.id ?? createId(),
      name,
      description,
      inputSchema,
      handler: handler satisfies LocalToolHandler,
    });
    onClose();
  };

  return (
    <ModalDialog title={existing === undefined ? 'New local tool' : `Local tool ${existing.name}`} onClose={onClose}>
      <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
        Answered in the browser. A JavaScript handler runs in QuickJS, a JavaScript interpreter compiled to WebAssembly,
        in a worker of its own: it has the language and <code>console</code>, and no network, <code>import</code>,
        timers, storage, page or key.
      </p>
      {kind === 'script' && <ScriptContract />}
      <ToolDefinitionFields draft={draft} onChange={setDraft} problems={problems} />
      <div className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <Field label="Answer with">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={kind}
                onChange={(event) => setKind(event.target.value as HandlerKind)}
              >
                {handlerKinds.map(({ kind: value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind === 'script' && (
            <Field label="Timeout (ms)" className="mt-2">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={50}
                  max={60000}
                  className={inputClass}
                  value={timeoutMs}
                  onChange={(event) => setTimeoutMs(Number(event.target.value))}
                />
              )}
            </Field>
          )}
        </div>
        <Field label={handlerKinds.find((item) => item.kind === kind)?.field}>
          {(control) => (
            <textarea
              {...control}
              rows={6}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {existing !== undefined && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              removeLocalTool(existing.id);
              onClose();
            }}
          >
            Delete tool
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={primaryButtonClass} disabled={problems.length > 0} onClick={save}>
          Save tool
        </button>
      </div>
    </ModalDialog>
  );
}
