// The In-browser (GGUF) provider's part of the worker ⇄ UI contract: loading a model into the engine worker,
// its progress, and the models kept in the browser's cache. Types and guards only.

/** Where a model comes from: a file the person picked (a Blob crosses `postMessage` without a copy), a URL, or the cache. */
export type InBrowserModelSource =
  { kind: 'file'; file: Blob; name: string } | { kind: 'url'; url: string } | { kind: 'cached'; key: string };

/** What the person sees of a loaded model. */
export interface InBrowserModelInfo {
  /** The model's id in runs and transcripts: the file's name. */
  name: string;
  /** The cache entry it is kept under (absent when it could not be kept, e.g. no space). */
  cacheKey?: string;
  sizeBytes: number;
  /** The context length allocated, and the model's own (from its metadata). */
  contextLength: number;
  trainedContextLength: number;
  architecture?: string;
  /** The chat format its template was told to be (`chatml`, `llama3`, …, `plain` without a template). */
  chatFormat: string;
  /**
   * The call dialect of the model's own template when it takes tools (`hermes`, `llama3`, `mistral`): runs then
   * render tools through it. Absent: tools go through Loupe's prompted format.
   */
  toolCallDialect?: string;
  /** The template's first characters, so the person can see what was detected from. */
  chatTemplatePreview?: string;
  threads: number;
  /** Why it runs on fewer threads than the machine has (no cross-origin isolation), in words; absent when none. */
  threadsNote?: string;
  /** A note on the cache (not kept: why), in words. */
  cacheNote?: string;
}

/** One model kept in the browser. */
export interface CachedModelEntry {
  key: string;
  name: string;
  sizeBytes: number;
  /** Where it came from: the URL (redacted), or `file`. */
  origin: string;
  storedAt: number;
}

/** The cache view: what is kept, and the browser's storage estimate for the whole origin. */
export interface CachedModelList {
  entries: CachedModelEntry[];
  usageBytes?: number;
  quotaBytes?: number;
}

export type InBrowserCommand =
  | {
      type: 'in-browser-load';
      source: InBrowserModelSource;
      /** Context length to allocate; absent = the model's own, capped (see docs/in-browser-model.md). */
      contextLength?: number;
    }
  | { type: 'in-browser-unload' }
  | { type: 'in-browser-cache-list' }
  | { type: 'in-browser-cache-delete'; key: string };

export interface InBrowserCommandResults {
  'in-browser-load': InBrowserModelInfo;
  'in-browser-unload': null;
  'in-browser-cache-list': CachedModelList;
  'in-browser-cache-delete': CachedModelList;
}

/** Posted while a model loads: bytes so far of `total` (0 when unknown), and what is being done. */
export interface InBrowserProgressMessage {
  type: 'in-browser-progress';
  phase: 'download' | 'store' | 'load';
  loaded: number;
  total: number;
}

/** Every in-browser command type, once: the worker's stand-in host and the real one answer exactly these. */
export const IN_BROWSER_COMMAND_TYPES: Record<InBrowserCommand['type'], true> = {
  'in-browser-load': true,
  'in-browser-unload': true,
  'in-browser-cache-list': true,
  'in-browser-cache-delete': true,
};
