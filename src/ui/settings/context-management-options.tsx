// Settings → Server tools → Context management (beta): the edits the API makes to the request, each a checkbox
// with its trigger. Loupe keeps the whole history; the round shows what the API cleared.
import { defaultContextManagement, type ContextManagementSettings } from '../../shared/api-tool-settings';
import { WholeNumberField } from '../common/whole-number-field';

const rowClass = 'flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300';
const noteClass = 'text-[11px] text-zinc-600 dark:text-zinc-400';
const MAX_TOKENS = 10_000_000;

/** A checkbox row; its label is the accessible name. */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={rowClass}>
      <input
        type="checkbox"
        className="size-3.5 accent-indigo-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** Sets `key` of `record` to `value`, or leaves it out when empty (the API's default). */
function withOptional<T extends object, K extends keyof T>(record: T, key: K, value: T[K] | undefined): T {
  const { [key]: _old, ...rest } = record;
  return (value === undefined ? rest : { ...rest, [key]: value }) as T;
}

export function ContextManagementOptions({
  value = defaultContextManagement,
  thinkingOn,
  onChange,
}: {
  value: ContextManagementSettings | undefined;
  thinkingOn: boolean;
  onChange: (next: ContextManagementSettings) => void;
}) {
  const { clearToolUses, clearThinking, compact } = value;
  return (
    <fieldset className="space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Context management (beta)</legend>
      <p className={noteClass}>
        Edits the API makes before the model reads the request (anthropic-beta sent only while one is on). Loupe keeps
        and shows the whole history; each round lists what the API cleared.
      </p>
      <Check
        label="Clear tool uses"
        checked={clearToolUses.enabled}
        onChange={(enabled) => onChange({ ...value, clearToolUses: { ...clearToolUses, enabled } })}
      />
      {clearToolUses.enabled && (
        <div className="grid grid-cols-2 gap-2">
          <WholeNumberField
            label="Clear when input tokens reach"
            optional
            min={1}
            max={MAX_TOKENS}
            value={clearToolUses.triggerInputTokens}
            hint="Empty = the API's default."
            onCommit={(n) =>
              onChange({ ...value, clearToolUses: withOptional(clearToolUses, 'triggerInputTokens', n) })
            }
          />
          <WholeNumberField
            label="Keep recent tool uses"
            optional
            min={0}
            max={10_000}
            value={clearToolUses.keepToolUses}
            onCommit={(n) => onChange({ ...value, clearToolUses: withOptional(clearToolUses, 'keepToolUses', n) })}
          />
          <WholeNumberField
            label="Clear at least (tokens)"
            optional
            min={1}
            max={MAX_TOKENS}
            value={clearToolUses.clearAtLeastTokens}
            onCommit={(n) =>
              onChange({ ...value, clearToolUses: withOptional(clearToolUses, 'clearAtLeastTokens', n) })
            }
          />
          <Check
            label="Clear tool inputs too"
            checked={clearToolUses.clearToolInputs}
            onChange={(clearToolInputs) => onChange({ ...value, clearToolUses: { ...clearToolUses, clearToolInputs } })}
          />
        </div>
      )}
      <Check
        label="Clear thinking"
        checked={clearThinking.enabled}
        onChange={(enabled) => onChange({ ...value, clearThinking: { ...clearThinking, enabled } })}
      />
      {clearThinking.enabled && (
        <>
          <WholeNumberField
            label="Keep thinking of recent turns"
            optional
            min={1}
            max={10_000}
            value={clearThinking.keepTurns}
            onCommit={(n) => onChange({ ...value, clearThinking: withOptional(clearThinking, 'keepTurns', n) })}
          />
          {!thinkingOn && <p className={noteClass}>Sent only when the model thinks (the API refuses it otherwise).</p>}
        </>
      )}
      <Check
        label="Compact on the server"
        checked={compact.enabled}
        onChange={(enabled) => onChange({ ...value, compact: { ...compact, enabled } })}
      />
      {compact.enabled && (
        <WholeNumberField
          label="Compact when input tokens reach"
          optional
          min={1}
          max={MAX_TOKENS}
          value={compact.triggerInputTokens}
          hint="Empty = the API's default. The compaction block is kept and sent back."
          onCommit={(n) => onChange({ ...value, compact: withOptional(compact, 'triggerInputTokens', n) })}
        />
      )}
    </fieldset>
  );
}
