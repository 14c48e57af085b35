// "Model capabilities": how tools reach the chosen model, whether it reads images, thinking and its context
// window — kept per model, defaults from what is known about it.
import type { ModelCapabilities } from '../../engine/model/model-capabilities';
import { capabilitiesKey, defaultCapabilities } from '../../store/capabilities/default-capabilities';
import { resolveCapabilities } from '../../store/capabilities/resolve-model-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, smallButtonClass } from '../common/styles';
import { WholeNumberField } from '../common/whole-number-field';

const checkboxRowClass = 'flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300';

export function ModelCapabilitiesPanel() {
  const provider = useLoupeStore((state) => state.settings.provider);
  const model = useLoupeStore((state) => state.settings.model);
  const overrides = useLoupeStore((state) => state.settings.capabilities);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  if (provider !== 'anthropic' && provider !== 'openai-compatible') return null;

  const key = capabilitiesKey(provider, model);
  const current = resolveCapabilities({ capabilities: overrides }, provider, model);
  const edited = overrides[key] !== undefined;
  const save = (next: ModelCapabilities) => updateSettings({ capabilities: { ...overrides, [key]: next } });
  const change = (patch: Partial<ModelCapabilities>) => save({ ...current, ...patch });
  /** Sets or (with undefined) clears an optional count. */
  const setCount = (field: 'thinkingBudget' | 'contextWindow', value: number | undefined) => {
    const { [field]: _dropped, ...rest } = current;
    save(value === undefined ? rest : { ...rest, [field]: value });
  };
  const reset = () => {
    const { [key]: _dropped, ...rest } = overrides;
    updateSettings({ capabilities: rest });
  };
  const summary = [
    current.tools === 'native' ? 'native tools' : 'prompted tools',
    current.vision ? 'vision' : 'no vision',
    ...(current.thinking ? ['thinking'] : []),
    ...(provider === 'openai-compatible' && current.sendReasoning === true ? ['reasoning sent back'] : []),
    ...(provider === 'openai-compatible' && current.constrainToolCalls === true ? ['calls constrained'] : []),
  ].join(' · ');

  return (
    <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
        Model capabilities <span className="font-normal text-zinc-600 dark:text-zinc-400">({summary})</span>
      </summary>
      <div className="mt-2 space-y-2.5">
        <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
          For <span className="font-mono">{model || '(no model)'}</span>
          {edited ? ', as you set them.' : ', from what is known about it.'}
        </p>
        <Field label="Tool calling">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={current.tools}
              onChange={(event) => change({ tools: event.target.value === 'prompted' ? 'prompted' : 'native' })}
            >
              <option value="native">Native tool calls</option>
              <option value="prompted">Prompted (JSON in the reply)</option>
            </select>
          )}
        </Field>
        {provider === 'openai-compatible' && (
          <label className={checkboxRowClass}>
            <input
              type="checkbox"
              className="size-3.5 accent-indigo-600"
              checked={current.vision}
              onChange={(event) => change({ vision: event.target.checked })}
            />
            Vision: the model reads images
          </label>
        )}
        {provider === 'openai-compatible' && (
          <label className={checkboxRowClass}>
            <input
              type="checkbox"
              className="size-3.5 accent-indigo-600"
              checked={current.sendReasoning === true}
              onChange={(event) => {
                const { sendReasoning: _dropped, ...rest } = current;
                save(event.target.checked ? { ...rest, sendReasoning: true } : rest);
              }}
            />
            Send reasoning back as reasoning_content
          </label>
        )}
        {provider === 'openai-compatible' && (
          <label className={checkboxRowClass}>
            <input
              type="checkbox"
              className="size-3.5 accent-indigo-600"
              checked={current.constrainToolCalls === true}
              onChange={(event) => {
                const { constrainToolCalls: _dropped, ...rest } = current;
                save(event.target.checked ? { ...rest, constrainToolCalls: true } : rest);
              }}
            />
            Constrain tool calls to the schemas
          </label>
        )}
        {provider === 'openai-compatible' && current.constrainToolCalls === true && (
          <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
            For llama.cpp&apos;s server and its forks: the tools go in the system prompt and the reply follows a grammar
            (sent as <span className="font-mono">grammar</span>), so every call parses and fits its schema.
          </p>
        )}
        {provider === 'openai-compatible' && current.sendReasoning === true && (
          <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
            Only for servers that read it (llama.cpp templates, DeepSeek with tools): others refuse unknown fields.
          </p>
        )}
        {provider === 'anthropic' && (
          <>
            <label className={checkboxRowClass}>
              <input
                type="checkbox"
                className="size-3.5 accent-indigo-600"
                checked={current.thinking}
                onChange={(event) => change({ thinking: event.target.checked })}
              />
              Extended thinking
            </label>
            {current.thinking && (
              <WholeNumberField
                optional
                label="Thinking budget"
                value={current.thinkingBudget}
                min={1024}
                max={128_000}
                hint="Tokens, added to Max tokens. Empty: adaptive thinking (Claude 5 models)."
                onCommit={(value) => setCount('thinkingBudget', value)}
              />
            )}
          </>
        )}
        <WholeNumberField
          optional
          label="Context window (tokens)"
          value={current.contextWindow}
          min={1}
          max={10_000_000}
          hint="Each round shows how much of it the request used; compaction (Loop policies) measures against it."
          onCommit={(value) => setCount('contextWindow', value)}
        />
        {edited && (
          <button type="button" className={smallButtonClass} onClick={reset}>
            Reset to defaults ({summaryOf(defaultCapabilities(provider, model))})
          </button>
        )}
      </div>
    </details>
  );
}

function summaryOf(capabilities: ModelCapabilities): string {
  return `${capabilities.tools}, ${capabilities.vision ? 'vision' : 'no vision'}`;
}
