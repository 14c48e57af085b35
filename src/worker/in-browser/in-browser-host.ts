// The In-browser (GGUF) provider inside the engine worker: loads one model at a time (a picked file, a URL, or
// a kept one), keeps it in the browser's cache, and answers runs of the `in-browser` provider with it.
import type { Model } from '../../engine/model/model';
import type { LoadedWllama } from '../../providers/gguf/create-wllama-engine';
import {
  IN_BROWSER_COMMAND_TYPES,
  type CachedModelList,
  type InBrowserCommand,
  type InBrowserCommandResults,
  type InBrowserModelInfo,
  type InBrowserModelSource,
} from '../../protocol/in-browser-messages';
import { PROTOCOL_VERSION, type WorkerMessage } from '../../protocol/messages';
import type { ProviderSettings } from '../../protocol/settings';
import type { AddressSpace } from '../../shared/address-space';
import { answerEach, type CommandTable } from '../command-table';
import { createLazyModel } from '../create-lazy-model';
import { chooseThreads, type ThreadEnvironment } from './choose-threads';
import { describeLoadError } from './describe-load-error';
import { createModelCache, type ModelCacheStorage } from './model-cache';
import { createUnloadedInBrowserModel } from './unloaded-in-browser-model';
import { describeChatTemplate } from './describe-chat-template';
import { createModelPreparer } from './prepare-model-file';

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

export function createInBrowserHost(given: InBrowserHostDependencies): InBrowserHost {
  const cache = given.cacheStorage === undefined ? undefined : createModelCache(given.cacheStorage, given.now);
  const deps = { ...given, cache };
  let current: { info: InBrowserModelInfo; loaded: LoadedWllama } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const progress = (phase: 'download' | 'store' | 'load', loaded: number, total: number) =>
    deps.post({ v: PROTOCOL_VERSION, type: 'in-browser-progress', phase, loaded, total });

  const prepare = createModelPreparer(deps, progress);

  async function load(source: InBrowserModelSource, requested: number | undefined): Promise<InBrowserModelInfo> {
    const prepared = await prepare(source);
    const previous = current;
    current = undefined;
    await previous?.loaded.unload().catch(() => undefined);
    // Never more than the model was trained for (when its header says; llama.cpp caps it otherwise).
    const trained = prepared.summary?.contextLength ?? Number.POSITIVE_INFINITY;
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
      ...(template.toolDialect === undefined ? {} : { toolCallDialect: template.toolDialect }),
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
    commands: answerEach(IN_BROWSER_COMMAND_TYPES, (command) => execute(command)),
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
