// The In-browser (GGUF) provider inside the engine worker: loads one model at a time (a picked file, a URL, or
// a kept one), keeps it in the browser's cache, and answers runs of the `in-browser` provider with it.
import type { Model } from '../../engine/model/model';
import type { GgufSummary } from '../../providers/gguf/read-gguf-metadata';
import type { LoadedWllama } from '../../providers/gguf/create-wllama-engine';
import type {
  CachedModelList,
  InBrowserCommand,
  InBrowserCommandResults,
  InBrowserModelInfo,
  InBrowserModelSource,
} from '../../protocol/in-browser-messages';
import { PROTOCOL_VERSION, type WorkerMessage } from '../../protocol/messages';
import type { ProviderSettings } from '../../protocol/settings';
import type { AddressSpace } from '../../shared/address-space';
import { answerEach, type CommandTable } from '../command-table';
import { createLazyModel } from '../create-lazy-model';
import { checkGgufFile, ModelFileError } from './check-gguf-file';
import { chooseThreads, type ThreadEnvironment } from './choose-threads';
import { describeLoadError } from './describe-load-error';
import { fetchModelFile } from './fetch-model-file';
import { createModelCache, type ModelCacheStorage } from './model-cache';
import { createUnloadedInBrowserModel } from './unloaded-in-browser-model';
import { describeChatTemplate } from './describe-chat-template';

/** The context allocated when the person asks for none: enough for a tool loop, without a large model's KV cache filling memory. */
export const DEFAULT_CONTEXT_LENGTH = 4096;

/** Loads llama.cpp with a model file (the real one imports wllama in its own chunk). */
export type LoadGgufEngine = (
  file: Blob,
  name: string,
  options: { threads: number; contextLength: number },
) => Promise<LoadedWllama>;

export interface InBrowserHostDependencies {
  post: (message: WorkerMessage) => void;
  loadEngine: LoadGgufEngine;
  /** Where models are kept (`self.caches`); absent when the browser has no Cache Storage here (then nothing is kept). */
  cacheStorage?: ModelCacheStorage;
  /** The clock kept models are stamped with. */
  now: () => number;
  /** The browser's estimate of this origin's storage (`navigator.storage.estimate`). */
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  fetch: typeof fetch;
  pageSpace: AddressSpace;
  threads: ThreadEnvironment;
}

export interface InBrowserHost {
  commands: CommandTable<InBrowserCommand['type']>;
  /** The model of an `in-browser` run: the loaded one, or one whose calls say to load it first. */
  createModel(provider: Extract<ProviderSettings, { kind: 'in-browser' }>): Model;
}

type Prepared = { file: Blob; name: string; cacheKey?: string; cacheNote?: string; summary?: GgufSummary };

/** The file's name from the last segment of a URL's path (what the person sees; never used as a path). */
function nameFromUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  // Control characters never reach the page (a name is shown as text, but a newline would still mislead).
  const clean = [...name]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .slice(0, 200);
  return clean === '' ? 'model.gguf' : clean;
}

export function createInBrowserHost(given: InBrowserHostDependencies): InBrowserHost {
  const cache = given.cacheStorage === undefined ? undefined : createModelCache(given.cacheStorage, given.now);
  const deps = { ...given, cache };
  let current: { info: InBrowserModelInfo; loaded: LoadedWllama } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const progress = (phase: 'download' | 'store' | 'load', loaded: number, total: number) =>
    deps.post({ v: PROTOCOL_VERSION, type: 'in-browser-progress', phase, loaded, total });

  async function hasRoomFor(bytes: number): Promise<boolean> {
    const estimate = await deps.estimate?.().catch(() => undefined);
    if (estimate?.quota === undefined) return true;
    return estimate.quota - (estimate.usage ?? 0) > bytes;
  }

  async function keep(
    facts: { name: string; origin: string; sizeBytes: number },
    body: Blob | ReadableStream<Uint8Array>,
  ): Promise<{ file: Blob; cacheKey?: string; cacheNote?: string }> {
    if (deps.cache === undefined) {
      const file = body instanceof Blob ? body : await new Response(body).blob();
      return { file, cacheNote: 'Not kept: this browser offers no Cache Storage here.' };
    }
    const { entry, file } = await deps.cache.put(facts, body);
    return { file, cacheKey: entry.key };
  }

  async function prepare(source: InBrowserModelSource): Promise<Prepared> {
    switch (source.kind) {
      case 'file': {
        const summary = await checkGgufFile(source.file, source.name);
        const facts = { name: source.name, origin: 'file', sizeBytes: source.file.size };
        if (!(await hasRoomFor(source.file.size)))
          return {
            file: source.file,
            name: source.name,
            cacheNote: 'Not kept: not enough browser storage left.',
            ...(summary ? { summary } : {}),
          };
        progress('store', 0, source.file.size);
        const kept = await keep(facts, source.file).catch((error: unknown) => ({
          file: source.file,
          cacheNote: `Not kept: ${error instanceof Error ? error.message : String(error)}.`,
        }));
        progress('store', source.file.size, source.file.size);
        return { ...kept, name: source.name, ...(summary ? { summary } : {}) };
      }
      case 'url': {
        const download = await fetchModelFile(source.url, {
          fetch: deps.fetch,
          pageSpace: deps.pageSpace,
          onProgress: (loaded, total) => progress('download', loaded, total),
        });
        const name = nameFromUrl(source.url);
        const known = download.sizeBytes;
        const kept =
          known !== undefined && (await hasRoomFor(known))
            ? await keep({ name, origin: download.origin, sizeBytes: known }, download.body)
            : {
                file: await new Response(download.body).blob(),
                cacheNote: 'Not kept: its size was not announced, or there is not enough browser storage left.',
              };
        try {
          const summary = await checkGgufFile(kept.file, name);
          return { ...kept, name, ...(summary ? { summary } : {}) };
        } catch (error) {
          if (kept.cacheKey !== undefined) await deps.cache?.delete(kept.cacheKey);
          throw error;
        }
      }
      case 'cached': {
        const found = await deps.cache?.get(source.key);
        if (found === undefined)
          throw new ModelFileError('That model is no longer kept in this browser. Pick the file again.');
        const summary = await checkGgufFile(found.file, found.entry.name);
        return { file: found.file, name: found.entry.name, cacheKey: found.entry.key, ...(summary ? { summary } : {}) };
      }
    }
  }

  async function load(source: InBrowserModelSource, requested: number | undefined): Promise<InBrowserModelInfo> {
    const prepared = await prepare(source);
    const previous = current;
    current = undefined;
    await previous?.loaded.unload().catch(() => undefined);
    const trained = prepared.summary?.contextLength ?? DEFAULT_CONTEXT_LENGTH;
    const contextLength = Math.max(256, Math.min(requested ?? DEFAULT_CONTEXT_LENGTH, trained));
    const { threads, note } = chooseThreads(deps.threads);
    progress('load', 0, prepared.file.size);
    let loaded: LoadedWllama;
    try {
      loaded = await deps.loadEngine(prepared.file, prepared.name, { threads, contextLength });
    } catch (error) {
      throw new Error(describeLoadError(error, prepared.name, prepared.file.size), { cause: error });
    }
    progress('load', prepared.file.size, prepared.file.size);
    const template = describeChatTemplate(loaded.engine.chatTemplate);
    const info: InBrowserModelInfo = {
      name: prepared.name,
      sizeBytes: prepared.file.size,
      contextLength,
      trainedContextLength: loaded.contextLength,
      chatFormat: template.format,
      threads,
      ...(template.preview === undefined ? {} : { chatTemplatePreview: template.preview }),
      ...(prepared.summary?.architecture === undefined ? {} : { architecture: prepared.summary.architecture }),
      ...(note === undefined ? {} : { threadsNote: note }),
      ...(prepared.cacheKey === undefined ? {} : { cacheKey: prepared.cacheKey }),
      ...(prepared.cacheNote === undefined ? {} : { cacheNote: prepared.cacheNote }),
    };
    current = { info, loaded };
    return info;
  }

  async function list(): Promise<CachedModelList> {
    const entries = (await deps.cache?.list()) ?? [];
    const estimate = await deps.estimate?.().catch(() => undefined);
    return {
      entries,
      ...(estimate?.usage === undefined ? {} : { usageBytes: estimate.usage }),
      ...(estimate?.quota === undefined ? {} : { quotaBytes: estimate.quota }),
    };
  }

  /** One load or cache change at a time: a second waits for the first (two models would not fit in memory). */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

  async function execute<C extends InBrowserCommand>(command: C): Promise<InBrowserCommandResults[C['type']]>;
  async function execute(command: InBrowserCommand): Promise<unknown> {
    switch (command.type) {
      case 'in-browser-load':
        return serial(() => load(command.source, command.contextLength));
      case 'in-browser-unload':
        return serial(async () => {
          const previous = current;
          current = undefined;
          await previous?.loaded.unload();
          return null;
        });
      case 'in-browser-cache-list':
        return list();
      case 'in-browser-cache-delete':
        return serial(async () => {
          await deps.cache?.delete(command.key);
          // The loaded model stays in memory; it is no longer kept.
          if (current?.info.cacheKey === command.key) {
            const { cacheKey: _dropped, ...info } = current.info;
            current = { ...current, info };
          }
          return list();
        });
    }
  }

  return {
    commands: answerEach(
      {
        'in-browser-load': true,
        'in-browser-unload': true,
        'in-browser-cache-list': true,
        'in-browser-cache-delete': true,
      },
      (command) => execute(command),
    ),
    createModel(provider) {
      const loaded = current;
      if (loaded === undefined) return createUnloadedInBrowserModel(provider.model);
      if (loaded.info.name !== provider.model)
        return createUnloadedInBrowserModel(
          provider.model,
          `${provider.model} is not the loaded in-browser model (${loaded.info.name} is). Load it under Model, then run again.`,
        );
      const { engine } = loaded.loaded;
      // The prompted track and the grammar load with the first in-browser run, not with the worker.
      return createLazyModel({ provider: 'in-browser', modelId: provider.model, countsTokens: false }, () =>
        import('../../providers/gguf/create-in-browser-model').then((module) =>
          module.createInBrowserModel(engine, {
            modelId: provider.model,
            constrainToolCalls: provider.constrainToolCalls,
          }),
        ),
      );
    },
  };
}
