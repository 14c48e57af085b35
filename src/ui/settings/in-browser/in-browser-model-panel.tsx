// Settings for the In-browser (GGUF) provider: where the model comes from, its load, what is kept, and how it
// samples. Loaded lazily with the provider (no first-load cost for everyone else).
import { useLoupeStore } from '../../../store/loupe-store-provider';
import { MAX_IN_BROWSER_CONTEXT } from '../../../store/in-browser/read-in-browser-settings';
import { WholeNumberField } from '../../common/whole-number-field';
import { KeptModels } from './kept-models';
import { LoadModelForm } from './load-model-form';
import { ModelLoadStatus } from './model-load-status';
import { TemperatureField } from './temperature-field';

export function InBrowserModelPanel() {
  const settings = useLoupeStore((state) => state.settings.inBrowser);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const change = (patch: Partial<typeof settings>) => updateSettings({ inBrowser: { ...settings, ...patch } });
  return (
    <div className="space-y-3">
      <p className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-xs text-indigo-800 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
        A real model running in this tab with llama.cpp (WebAssembly): no key, nothing leaves the browser.
      </p>
      <LoadModelForm />
      <ModelLoadStatus />
      <KeptModels />
      <label className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
        <input
          type="checkbox"
          className="size-3.5 accent-indigo-600"
          checked={settings.constrainToolCalls}
          onChange={(event) => change({ constrainToolCalls: event.target.checked })}
        />
        Constrain tool calls to the schemas
      </label>
      <div className="grid grid-cols-2 gap-3">
        <WholeNumberField
          label="Context length"
          optional
          value={settings.contextLength}
          min={256}
          max={MAX_IN_BROWSER_CONTEXT}
          hint="Tokens; applies at the next load. Empty: the model's, at most 4,096."
          onCommit={(value) => {
            const { contextLength: _old, ...rest } = settings;
            updateSettings({ inBrowser: value === undefined ? rest : { ...rest, contextLength: value } });
          }}
        />
        <TemperatureField />
      </div>
    </div>
  );
}
