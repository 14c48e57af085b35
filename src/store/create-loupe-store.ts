// Composition of the Loupe store: slices, the client subscription and the first-visit demo server.
import { createSkillsSlice } from './skills-slice';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { EngineClient } from '../client/engine-client';
import type { RunEvent } from '../engine/event/run-event';
import { createAlertsSlice } from './alerts-slice';
import { createEventBatcher, runEventPace } from './create-event-batcher';
import type { FrameScheduler } from './create-event-batcher';
import type { LoupeState, SliceDependencies } from './loupe-state';
import { loadServers } from './persist-servers';
import { createRunSlice } from './run-slice';
import { createDebugSlice } from './debug/create-debug-slice';
import { getDefaultStorage } from './safe-storage';
import { createServersSlice } from './servers-slice';
import { createSettingsSlice } from './settings-slice';
import { createToolsSlice } from './tools-slice';
import { createMcpFeaturesSlice } from './mcp-features-slice';
import { createOAuthSlice } from './oauth-slice';
import { createTestsSlice } from './tests/create-tests-slice';
import { createMemorySlice } from './memory-slice';
import { createInBrowserSlice } from './in-browser/create-in-browser-slice';
import { createSessionsSlice } from './sessions/create-sessions-slice';
import type { TabKeeper } from './sessions/tab-keeper';
import { describeEngineCrash, markEngineCrash } from './mark-engine-crash';
import { recoverAfterRestart } from './recover-after-restart';
import { sendRunTelemetry } from './send-run-telemetry';

export interface LoupeStoreOptions {
  /** The bundled demo MCP server, added on a first visit under the name `demo`. */
  demoServerUrl: string;
  /** Defaults to localStorage when reachable. */
  storage?: Storage;
  /** Defaults to one flush per animation frame. */
  scheduleFrame?: FrameScheduler;
  /** Defaults to crypto.randomUUID. */
  createId?: () => string;
  /** Where sessions are kept: `worker` (its IndexedDB: the app) or, by default, this page's memory (tests). */
  sessionStore?: 'worker' | 'memory';
  /** The page's hold on the session its worker owns (tabs on one session): defaults to the page's Web Locks. */
  keeper?: TabKeeper;
}

export type LoupeStore = StoreApi<LoupeState>;

/** Creates the store, subscribes it to `client` and reconnects the remembered servers (or the demo one). */
export function createLoupeStore(client: EngineClient, options: LoupeStoreOptions): LoupeStore {
  const deps: SliceDependencies = {
    client,
    storage: options.storage ?? getDefaultStorage(),
    createId: options.createId ?? (() => crypto.randomUUID()),
  };
  let unsubscribe: () => void = () => undefined;
  const batcher = createEventBatcher<{ runId: string; event: RunEvent }>((items) => {
    const runId = store.getState().runView.runId;
    const events = items.filter((item) => item.runId === runId).map((item) => item.event);
    if (runId !== null && events.length > 0) store.getState().applyRunEvents(runId, events);
  }, options.scheduleFrame ?? runEventPace());

  const store = createStore<LoupeState>()((set, get) => ({
    ...createAlertsSlice(set, get, deps),
    ...createSettingsSlice(set, get, deps),
    ...createServersSlice(set, get, deps),
    ...createRunSlice(set, get, deps),
    ...createToolsSlice(set, get, deps),
    ...createSessionsSlice(set, get, deps, {
      sessionStore: options.sessionStore ?? 'memory',
      now: () => Date.now(),
      ...(options.keeper === undefined ? {} : { keeper: options.keeper }),
    }),
    ...createDebugSlice(set, get, deps),
    ...createMcpFeaturesSlice(set, get, deps),
    ...createSkillsSlice(set, get, deps),
    ...createOAuthSlice(set, get, deps),
    ...createTestsSlice(set, get, deps),
    ...createMemorySlice(set, get, deps),
    ...createInBrowserSlice(set, get, deps),
    dispose() {
      get().stopDebug();
      unsubscribe();
      stopTelemetry();
      stopCrash?.();
      stopRestart?.();
      batcher.dispose();
    },
  }));

  unsubscribe = client.subscribe((message) => {
    switch (message.type) {
      case 'run-event':
        if (!store.getState().liveRunIds.has(message.runId)) store.getState().noteLiveRun(message.runId);
        store.getState().recordRunEvent(message.runId, message.event);
        batcher.push({ runId: message.runId, event: message.event });
        return;
      case 'server-state':
        store.getState().applyServerState(message.state);
        return;
      case 'server-removed':
        store.getState().applyServerRemoved(message.serverId);
        return;
      case 'mcp-feature':
        store.getState().applyMcpFeatureEvent(message.event);
        return;
      case 'oauth':
        store.getState().applyOAuthEvent(message.event);
        return;
      case 'memory-changed':
        store.getState().applyMemoryChanged(message.scope);
        return;
      case 'in-browser-progress':
        store.getState().applyInBrowserProgress({ phase: message.phase, loaded: message.loaded, total: message.total });
        return;
      case 'notice':
        store.getState().pushAlert(message.message);
        return;
      case 'storage-problem':
        store.getState().applyStorageProblem(message.message);
        return;
      // The sessions slice follows `session-ownership` and `tab-notice` itself (session-ownership.ts).
      case 'ready':
      case 'reply':
      case 'run-log-written':
      case 'session-ownership':
      case 'tab-notice':
      case 'manual-turn':
        return;
      case 'stored-run-view':
        // A stored run's view: the restore that opened it collects it (store/sessions/open-stored-view.ts).
        return;
    }
  });

  const stopTelemetry = sendRunTelemetry(client, store.getState);

  // A dead worker ends the shown run as interrupted; the stored log keeps everything up to its last checkpoint.
  const stopCrash = client.onCrash?.((reason, restarting) => {
    batcher.flush();
    store.setState((state) => ({ runView: markEngineCrash(state.runView, reason) }));
    store.getState().pushAlert(describeEngineCrash(reason, restarting));
  });
  // The client started a new worker by itself: servers and the session go back into it.
  const stopRestart = client.onRestart?.(() => {
    // The new engine has no in-browser model: the person loads it again (from the cache, without the file).
    store.getState().forgetInBrowserModel();
    void recoverAfterRestart(store.getState, store.setState, deps);
  });

  const remembered = loadServers(deps.storage);
  const initial = remembered ?? [{ name: 'demo', url: options.demoServerUrl, includeInstructions: true }];
  for (const server of initial) {
    const { secretPathSegments, rememberFullUrl, toolTimeoutMs, era, oauth, runThroughApi } = server;
    const extras = {
      ...(era === undefined ? {} : { era }),
      ...(oauth === undefined ? {} : { oauth }),
      ...(secretPathSegments ? { secretPathSegments } : {}),
      ...(rememberFullUrl ? { rememberFullUrl } : {}),
      ...(toolTimeoutMs === undefined ? {} : { toolTimeoutMs }),
      ...(runThroughApi === undefined ? {} : { runThroughApi }),
    };
    void store.getState().addServer(server.url, {}, server.name, server.includeInstructions, extras);
  }
  return store;
}
