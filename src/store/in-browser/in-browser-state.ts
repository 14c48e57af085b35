// The In-browser (GGUF) provider's state in the store: the loaded model, the load going on, what is kept. Types only.
import type { CachedModelList, InBrowserModelInfo } from '../../protocol/in-browser-messages';

export interface InBrowserLoad {
  phase: 'download' | 'store' | 'load';
  loaded: number;
  /** 0 when unknown (a server that did not say the size). */
  total: number;
}

export interface InBrowserState {
  /** The model loaded in the engine worker (gone when the worker restarts). */
  loaded?: InBrowserModelInfo;
  /** A load going on, with its last progress. */
  loading?: InBrowserLoad;
  /** Why the last load failed, in plain words. */
  error?: string;
  /** The models kept in this browser, and the storage estimate; undefined until first read. */
  cache?: CachedModelList;
}

export interface InBrowserSlice {
  inBrowser: InBrowserState;
  /** Loads a picked file, a URL, or a kept model into the worker; on success the provider's model is it. */
  loadInBrowserModel: (
    source: { kind: 'file'; file: Blob; name: string } | { kind: 'url'; url: string } | { kind: 'cached'; key: string },
  ) => Promise<void>;
  /** Frees the loaded model's memory in the worker; runs then ask for a load again, and what is kept stays kept. */
  unloadInBrowserModel: () => Promise<void>;
  refreshModelCache: () => Promise<void>;
  deleteCachedModel: (key: string) => Promise<void>;
  applyInBrowserProgress: (load: InBrowserLoad) => void;
  /** The worker restarted: its model is gone. */
  forgetInBrowserModel: () => void;
}
