// Entry of the engine Web Worker: wires real dependencies into the host and speaks protocol v1.
/// <reference lib="webworker" />
import { createListingCache } from '../mcp/listings/listing-cache';
import { createPersistentEraMemory } from '../mcp/session/persistent-era-memory';
import { isCommandEnvelope, PROTOCOL_VERSION, type WireWorkerMessage, type WorkerMessage } from '../protocol/messages';
import { isPingMessage, type PongMessage } from '../protocol/liveness-messages';
import { createEngineHost } from './create-engine-host';
import { TAB_CHANNEL_NAME } from './sessions/tab-channel';
import { createWirePoster } from './create-wire-poster';
import { createModel, listModels } from './create-model';
import { createRunEnvironment } from './create-run-environment';
import { createIndexedDbEraStore } from './indexed-db-era-store';
import { loadMcpRuntime } from './load-mcp-runtime';
import { createIndexedDbMemoryStore } from './indexed-db-memory-store';
import { createHandlerRunner } from './local-tools/run-in-sandbox';
import { compileQuickJSWasm, spawnSandboxWorker } from './local-tools/spawn-sandbox-worker';
import { addressSpaceOf } from '../shared/address-space';

declare const self: DedicatedWorkerGlobalScope;

// Each server's protocol era, so a reconnect (after a reload too) skips the server/discover probe.
const eraMemory = createPersistentEraMemory(createIndexedDbEraStore(self.indexedDB));
// Listings a 2026-07-28 server marked fresh (ttlMs), reused across reconnects; public ones across credentials.
const listingCache = createListingCache();

// Run events leave in one message per run and frame, in their wire form (protocol/run-event-codec.ts).
const wire = createWirePoster((message: WireWorkerMessage) => self.postMessage(message));

const host = createEngineHost({
  post: (message: WorkerMessage) => wire.post(message),
  environment: createRunEnvironment(),
  // The MCP SDK and zod load with the first connection (the demo server's, at start, on a first visit).
  connectServer: async (config, extras) =>
    (await loadMcpRuntime()).connectMcpServer(config, { ...extras, eraMemory, listingCache }),
  createModel,
  listModels,
  appVersion: import.meta.env.VITE_APP_VERSION,
  memoryStore: createIndexedDbMemoryStore(self.indexedDB),
  // Typed as always there, but a browser refusing storage (some private modes) leaves it out.
  sessionIndexedDb: 'indexedDB' in self ? self.indexedDB : null,
  // Tabs on one session: this worker holds the session's Web Lock while its tab owns it (both exist in workers).
  sessionTabs: {
    locks: 'locks' in self.navigator ? self.navigator.locks : null,
    channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL_NAME) : null,
  },
  runLocalHandler: createHandlerRunner({ spawn: spawnSandboxWorker, compileQuickJS: compileQuickJSWasm }),
  inBrowser: {
    // llama.cpp (wllama) and its WebAssembly load with the first model, in their own chunk.
    loadEngine: (file, name, options) =>
      import('./in-browser/load-wllama').then((module) => module.loadWllama(file, name, options)),
    ...('caches' in self ? { cacheStorage: self.caches } : {}),
    now: () => Date.now(),
    estimate: () => self.navigator.storage.estimate(),
    fetch: (...args) => self.fetch(...args),
    pageSpace: addressSpaceOf(self.location.hostname),
    threads: {
      crossOriginIsolated: self.crossOriginIsolated,
      hasSharedArrayBuffer: typeof SharedArrayBuffer === 'function',
      hardwareConcurrency: self.navigator.hardwareConcurrency,
    },
  },
});

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  // The heartbeat: answered at once, so only a stuck event loop (or a dead worker) misses it.
  if (isPingMessage(event.data)) {
    self.postMessage({ v: PROTOCOL_VERSION, type: 'pong', id: event.data.id } satisfies PongMessage);
    return;
  }
  if (!isCommandEnvelope(event.data)) {
    console.error('Loupe worker: ignored a message that is not a protocol v1 command', event.data);
    return;
  }
  void host.handle(event.data);
});

self.postMessage({ v: PROTOCOL_VERSION, type: 'ready' } satisfies WorkerMessage);
