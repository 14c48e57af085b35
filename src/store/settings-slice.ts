// Settings: provider, key, model list and run parameters; persisted without the key unless remembered.
import { applySettingsPatch } from './apply-settings-patch';
import { switchProvider } from './switch-provider';
import { buildProviderSettings } from './build-provider-settings';
import { describeError } from './loupe-state';
import type { GetLoupeState, SetLoupeState, SettingsSlice, SliceDependencies } from './loupe-state';
import { loadSettings, saveSettings } from './persist-settings';
import type { Settings } from './settings';

export function createSettingsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): SettingsSlice {
  const commit = (settings: Settings) => {
    set({ settings });
    saveSettings(deps.storage, settings);
  };
  return {
    settings: loadSettings(deps.storage),
    settingsOffer: null,
    offerImportedSettings(offer) {
      set({ settingsOffer: offer });
    },
    answerSettingsOffer(answer) {
      const offer = get().settingsOffer;
      set({ settingsOffer: null });
      if (answer === 'keep' || !offer) return;
      // Another host than the key's: the key goes there only when the person said so ('apply-with-key').
      const dropKey = offer.keyRedirect !== undefined && answer !== 'apply-with-key';
      const patch = dropKey ? { ...offer.patch, apiKey: '', rememberKey: false } : offer.patch;
      const switching = patch.provider !== undefined && patch.provider !== get().settings.provider;
      get().updateSettings(switching ? { ...switchProvider(get().settings, patch.provider!), ...patch } : patch);
    },
    updateSettings(patch) {
      commit(applySettingsPatch(get().settings, patch));
    },
    async loadModels() {
      try {
        const reply = await deps.client.send({ type: 'models-list', provider: buildProviderSettings(get().settings) });
        const { modelsWarning: _previous, ...current } = get().settings;
        const listed = reply.models.some((model) => model.id === current.model);
        const next: Settings = {
          ...current,
          models: reply.models,
          modelsFromFallback: reply.fromFallback,
          model: listed ? current.model : (reply.models[0]?.id ?? current.model),
        };
        if (reply.warning !== undefined) next.modelsWarning = reply.warning;
        commit(next);
      } catch (error) {
        get().pushAlert(`Could not list the models: ${describeError(error)}`);
      }
    },
  };
}
