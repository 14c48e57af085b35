// The In-browser (GGUF) provider's slice: loads through the worker, follows its progress, keeps the cache view.
import { describeError, type GetLoupeState, type SetLoupeState, type SliceDependencies } from '../loupe-state';
import type { InBrowserSlice } from './in-browser-state';

export function createInBrowserSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): InBrowserSlice {
  const patch = (change: Partial<InBrowserSlice['inBrowser']>) =>
    set((state) => ({ inBrowser: { ...state.inBrowser, ...change } }));
  return {
    inBrowser: {},
    async loadInBrowserModel(source) {
      const { error: _previous, ...rest } = get().inBrowser;
      set({
        inBrowser: { ...rest, loading: { phase: source.kind === 'url' ? 'download' : 'load', loaded: 0, total: 0 } },
      });
      const { contextLength } = get().settings.inBrowser;
      try {
        const info = await deps.client.send({
          type: 'in-browser-load',
          source,
          ...(contextLength === undefined ? {} : { contextLength }),
        });
        const { loading: _done, ...kept } = get().inBrowser;
        set({ inBrowser: { ...kept, loaded: info } });
        get().updateSettings({ model: info.name });
      } catch (error) {
        const { loading: _done, loaded: _gone, ...kept } = get().inBrowser;
        set({ inBrowser: { ...kept, error: describeError(error) } });
      }
      await get().refreshModelCache();
    },
    async unloadInBrowserModel() {
      try {
        await deps.client.send({ type: 'in-browser-unload' });
        const { loaded: _gone, error: _old, ...rest } = get().inBrowser;
        set({ inBrowser: rest });
      } catch (error) {
        patch({ error: `Could not unload the model: ${describeError(error)}` });
      }
    },
    async refreshModelCache() {
      try {
        patch({ cache: await deps.client.send({ type: 'in-browser-cache-list' }) });
      } catch (error) {
        patch({ error: `Could not read the kept models: ${describeError(error)}` });
      }
    },
    async deleteCachedModel(key) {
      try {
        const cache = await deps.client.send({ type: 'in-browser-cache-delete', key });
        const loaded = get().inBrowser.loaded;
        if (loaded?.cacheKey === key) {
          const { cacheKey: _dropped, ...info } = loaded;
          patch({ cache, loaded: info });
        } else patch({ cache });
      } catch (error) {
        patch({ error: `Could not delete the kept model: ${describeError(error)}` });
      }
    },
    applyInBrowserProgress(load) {
      if (get().inBrowser.loading !== undefined) patch({ loading: load });
    },
    forgetInBrowserModel() {
      const { loaded: _gone, loading: _stopped, ...rest } = get().inBrowser;
      set({ inBrowser: rest });
    },
  };
}
