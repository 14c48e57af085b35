// A tool's call options in the Tools tab: strict (input held to the schema), callable from code (Anthropic's
// code execution may call it) and pin (kept loaded while tool search defers the others). Each says what it
// changes; all are kept with the tool's override.
import type { ToolOverride } from '../../protocol/tool-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';

const optionClass = 'flex items-center gap-1 text-[11px] text-zinc-600 dark:text-zinc-400';

/** The override with `field` set, or without it (an override left empty is removed). */
function withOption(override: ToolOverride | undefined, field: 'strict' | 'callableFromCode' | 'pinned', on: boolean) {
  const { [field]: _old, ...rest } = override ?? {};
  const next: ToolOverride = on ? { ...rest, [field]: true } : rest;
  return Object.keys(next).length === 0 ? undefined : next;
}

export function ToolCallOptions({
  name,
  toolKey,
  override,
}: {
  name: string;
  toolKey: string;
  override?: ToolOverride;
}) {
  const setToolOverride = useLoupeStore((state) => state.setToolOverride);
  return (
    <div className="mt-0.5 flex flex-wrap gap-x-3">
      <label
        className={optionClass}
        title="strict: true — the model's input always matches the schema exactly (Anthropic and OpenAI-compatible endpoints; the schema must suit strict mode)."
      >
        <input
          type="checkbox"
          aria-label={`Strict: ${name}`}
          className="size-3 accent-indigo-600"
          checked={override?.strict === true}
          onChange={(event) => setToolOverride(toolKey, withOption(override, 'strict', event.target.checked))}
        />
        strict
      </label>
      <label
        className={optionClass}
        title="allowed_callers: code the API runs (Code execution on, Anthropic) may call this tool; Loupe runs those calls like any other and shows them under the code that made them."
      >
        <input
          type="checkbox"
          aria-label={`Callable from code: ${name}`}
          className="size-3 accent-indigo-600"
          checked={override?.callableFromCode === true}
          onChange={(event) => setToolOverride(toolKey, withOption(override, 'callableFromCode', event.target.checked))}
        />
        callable from code
      </label>
      <label
        className={optionClass}
        title="With Tool search on (Settings → Server tools, defer all but pinned), this tool is sent loaded — no defer_loading — so the model sees it without searching. Without tool search a pin changes nothing."
      >
        <input
          type="checkbox"
          aria-label={`Pin: ${name}`}
          className="size-3 accent-indigo-600"
          checked={override?.pinned === true}
          onChange={(event) => setToolOverride(toolKey, withOption(override, 'pinned', event.target.checked))}
        />
        pin
      </label>
    </div>
  );
}
