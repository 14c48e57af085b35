// The model settings: provider, credentials, model and the reply's token budget (the round budget is with the
// other limits, in Loop policies).
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass } from '../common/styles';
import { ApiKeyField } from './api-key-field';
import { BaseUrlField } from './base-url-field';
import { DemoBadge } from './demo-badge';
import { ManualModelBadge } from '../debugger/manual-model-badge';
import { ModelField } from './model-field';
import { WholeNumberField } from '../common/whole-number-field';
import { ProviderSelect } from './provider-select';
import { lazyComponent } from '../common/lazy-component';

// Only a model behind an API has capabilities and prices to set (not the demo model, the default): their
// editors load when that model is chosen.
const ModelCapabilitiesPanel = lazyComponent(() => import('./model-capabilities'), 'ModelCapabilitiesPanel');
const PriceTableEditor = lazyComponent(() => import('./price-table-editor'), 'PriceTableEditor');
// The Messages API's own tools are sent with Anthropic requests only, so their settings load with that provider.
const ServerToolsPanel = lazyComponent(() => import('./server-tools-panel'), 'ServerToolsPanel');
// The In-browser (GGUF) provider's model file, load and cache: loaded when that provider is chosen.
const InBrowserModelPanel = lazyComponent(() => import('./in-browser/in-browser-model-panel'), 'InBrowserModelPanel');

export function SettingsPanel() {
  const provider = useLoupeStore((state) => state.settings.provider);
  const maxTokens = useLoupeStore((state) => state.settings.maxTokens);
  const updateSettings = useLoupeStore((state) => state.updateSettings);

  return (
    <section aria-labelledby="settings-title" className={panelClass}>
      <h2 id="settings-title" className={panelTitleClass}>
        Model
      </h2>
      <div className="space-y-3">
        <ProviderSelect />
        {provider === 'manual' ? (
          <ManualModelBadge />
        ) : provider === 'demo' ? (
          <DemoBadge />
        ) : provider === 'in-browser' ? (
          <InBrowserModelPanel />
        ) : (
          <>
            <ApiKeyField />
            <BaseUrlField />
            <ModelField />
            <ModelCapabilitiesPanel />
            <PriceTableEditor />
          </>
        )}
        <div className="grid grid-cols-2 gap-3">
          <WholeNumberField
            label="Max tokens"
            value={maxTokens}
            min={1}
            max={200000}
            hint="Per model reply."
            onCommit={(value) => updateSettings({ maxTokens: value })}
          />
        </div>
        {provider === 'anthropic' && <ServerToolsPanel />}
      </div>
    </section>
  );
}
