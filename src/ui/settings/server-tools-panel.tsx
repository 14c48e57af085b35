// Settings → Server tools: the Messages API's own tools, each a checkbox with its options.
import { MAX_MEMORY_NAME, type ApiToolSettings, type SearchLocation } from '../../shared/api-tool-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';
import { DomainToolOptions } from './domain-tool-options';
import { ContextManagementOptions } from './context-management-options';
import { resolveCapabilities } from '../../store/capabilities/resolve-model-settings';

const checkboxRowClass = 'flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300';
const noteClass = 'text-[11px] text-zinc-600 dark:text-zinc-400';

interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}

function Toggle({ label, checked, onChange, disabled = false }: ToggleProps) {
  return (
    <label className={checkboxRowClass}>
      <input
        type="checkbox"
        className="size-3.5 accent-indigo-600"
        disabled={disabled}
        checked={checked && !disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

const LOCATION_FIELDS: { key: keyof SearchLocation; label: string }[] = [
  { key: 'city', label: 'Search city' },
  { key: 'region', label: 'Search region' },
  { key: 'country', label: 'Search country (ISO code)' },
  { key: 'timezone', label: 'Search time zone (IANA)' },
];

function LocationFields({ value, onChange }: { value: SearchLocation; onChange: (next: SearchLocation) => void }) {
  return (
    <div className="grid grid-cols-2 gap-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
      {LOCATION_FIELDS.map(({ key, label }) => (
        <Field key={key} label={label}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={value[key] ?? ''}
              onChange={(event) => onChange({ ...value, [key]: event.target.value })}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

export function ServerToolsPanel() {
  const provider = useLoupeStore((state) => state.settings.provider);
  const thinkingOn = useLoupeStore(
    (state) => resolveCapabilities(state.settings, 'anthropic', state.settings.model).thinking === true,
  );
  const apiTools = useLoupeStore((state) => state.settings.apiTools);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const change = (patch: Partial<ApiToolSettings>) => updateSettings({ apiTools: { ...apiTools, ...patch } });
  const { webSearch, webFetch, codeExecution, memory, toolSearch } = apiTools;

  return (
    <fieldset className="space-y-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <legend className="px-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">Server tools</legend>
      <p className={noteClass}>
        The Messages API&apos;s own tools, run by the API inside one call (memory is run by Loupe).{' '}
        {provider === 'anthropic' ? 'Sent with every request.' : 'Sent only when the provider is Anthropic.'}
      </p>
      <Toggle
        label="Web search"
        checked={webSearch.enabled}
        onChange={(enabled) => change({ webSearch: { ...webSearch, enabled } })}
      />
      {webSearch.enabled && (
        <>
          <DomainToolOptions
            prefix="Search"
            value={webSearch}
            onChange={(next) => change({ webSearch: { ...webSearch, ...next } })}
          />
          <LocationFields
            value={webSearch.location ?? {}}
            onChange={(location) => change({ webSearch: { ...webSearch, location } })}
          />
        </>
      )}
      <Toggle
        label="Web fetch"
        checked={webFetch.enabled}
        onChange={(enabled) => change({ webFetch: { ...webFetch, enabled } })}
      />
      {webFetch.enabled && (
        <DomainToolOptions prefix="Fetch" value={webFetch} onChange={(next) => change({ webFetch: next })} />
      )}
      <Toggle
        label="Code execution"
        checked={codeExecution.enabled}
        onChange={(enabled) => change({ codeExecution: { enabled } })}
      />
      {codeExecution.enabled && (
        <p className={noteClass}>
          The container of a response is sent back with the next request, so files carry over.
        </p>
      )}
      <Toggle
        label="Memory"
        checked={memory.enabled}
        onChange={(enabled) => change({ memory: { ...memory, enabled } })}
      />
      {memory.enabled && (
        <div className="space-y-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
          <Field
            label="Memory name"
            hint="Empty: this session's own memory. A name: one memory shared by every session that names it."
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                maxLength={MAX_MEMORY_NAME}
                value={memory.name ?? ''}
                onChange={(event) => change({ memory: { ...memory, name: event.target.value } })}
              />
            )}
          </Field>
          <p className={noteClass}>Loupe runs the memory calls on this browser&apos;s storage; see the Memory tab.</p>
        </div>
      )}
      <Toggle
        label="Tool search"
        checked={toolSearch.enabled}
        onChange={(enabled) => change({ toolSearch: { ...toolSearch, enabled } })}
      />
      {toolSearch.enabled && (
        <div className="grid grid-cols-2 gap-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
          <Field label="Search method">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={toolSearch.variant}
                onChange={(event) =>
                  change({ toolSearch: { ...toolSearch, variant: event.target.value === 'regex' ? 'regex' : 'bm25' } })
                }
              >
                <option value="bm25">BM25 (natural language)</option>
                <option value="regex">Regex</option>
              </select>
            )}
          </Field>
          <Field label="Defer">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={toolSearch.defer}
                onChange={(event) =>
                  change({ toolSearch: { ...toolSearch, defer: event.target.value === 'all' ? 'all' : 'unpinned' } })
                }
              >
                <option value="unpinned">All MCP tools but the pinned</option>
                <option value="all">Every MCP tool</option>
              </select>
            )}
          </Field>
          <p className={`${noteClass} col-span-2`}>
            Deferred tools are sent with defer_loading: the model loads the ones it finds. Pin a tool in the Tools tab
            to keep it loaded.
          </p>
        </div>
      )}
      <ContextManagementOptions
        value={apiTools.contextManagement}
        thinkingOn={thinkingOn}
        onChange={(contextManagement) => change({ contextManagement })}
      />
    </fieldset>
  );
}
