// The worker's composition root: wires the server and run hosts to the real effects and routes each command
// through the one table the hosts contribute to. Wiring only: what a command does lives in its host.
import type { RunEnvironment } from '../engine/run/run-options';
import type { Model } from '../engine/model/model';
import type { CommandEnvelope, ModelInfo, WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { ProviderSettings } from '../protocol/settings';
import { joinCommandTables, routeCommand, type CommandTable } from './command-table';
import type { ModelContext } from './create-model';
import type { RunHandler } from './local-tools/run-in-sandbox';
import { createRunHost } from './run-host';
import { createServerHost } from './server-host';
import { createInMemoryMemoryStore, type MemoryStore } from '../engine/tool/memory/memory-store';
import { createMemoryHost } from './memory-host';
import type { ConnectServer } from './server-registry';
import type { InBrowserHostDependencies } from './in-browser/in-browser-host';
import { createLazyInBrowserHost } from './in-browser/lazy-in-browser-host';
import { createSessionsHost, type SessionsHostOptions } from './sessions/create-sessions-host';

/** The effects the host needs; the worker entry gives real ones, tests may give in-process ones. */
export interface EngineHostDependencies {
  post: (message: WorkerMessage) => void;
  environment: RunEnvironment;
  connectServer: ConnectServer;
  createModel: (provider: ProviderSettings, context?: ModelContext) => Model;
  listModels: (provider: ProviderSettings) => Promise<{ models: ModelInfo[]; fromFallback: boolean; warning?: string }>;
  appVersion: string;
  /** Runs local tools' JavaScript handlers in a sandbox; without it, script local tools answer with an error. */
  runLocalHandler?: RunHandler;
  /** Where the memory tool's files live (IndexedDB in the app, a folder in headless); default: in memory. */
  memoryStore?: MemoryStore;
  /** The In-browser (GGUF) provider's effects (its runtime, cache, fetch); without them its loads fail saying so. */
  inBrowser?: Omit<InBrowserHostDependencies, 'post'>;
  /** Where sessions are kept: the worker's `indexedDB` (`null`: the browser has none); default: in memory. */
  sessionIndexedDb?: IDBFactory | null;
  /** Web Locks and a BroadcastChannel for tabs on one session (the worker's); absent: this tab owns what it opens. */
  sessionTabs?: SessionsHostOptions['tabs'];
}

/** A host with no in-browser runtime (tests, the headless runner): loads fail in words, nothing is kept. */
const noInBrowserRuntime: Omit<InBrowserHostDependencies, 'post'> = {
  loadEngine: () => Promise.reject(new Error('this engine has no in-browser model runtime')),
  fetch: (...args) => fetch(...args),
  pageSpace: 'local',
  now: () => 0,
  threads: { crossOriginIsolated: false, hasSharedArrayBuffer: false, hardwareConcurrency: 1 },
};

export interface EngineHost {
  /** Handles one command envelope; the reply is posted, never thrown. */
  handle(envelope: CommandEnvelope): Promise<void>;
  dispose(): Promise<void>;
}

export function createEngineHost(given: EngineHostDependencies): EngineHost {
  const inBrowser = createLazyInBrowserHost({ ...(given.inBrowser ?? noInBrowserRuntime), post: given.post });
  // With a runtime (the app's worker), an in-browser run gets the model this worker loaded. Without one (tests,
  // the headless runner), `given.createModel` answers it: the runner loads the GGUF file itself.
  const deps: EngineHostDependencies =
    given.inBrowser === undefined
      ? given
      : {
          ...given,
          createModel: (provider, context) =>
            provider.kind === 'in-browser' ? inBrowser.createModel(provider) : given.createModel(provider, context),
        };
  const sessions = createSessionsHost({
    ...(deps.sessionIndexedDb === undefined ? {} : { indexedDb: deps.sessionIndexedDb }),
    ...(deps.sessionTabs === undefined ? {} : { tabs: deps.sessionTabs }),
    post: deps.post,
  });
  // Every run event the hosts post passes the run log on its way out: checkpoints are written as the loop emits.
  const post = (message: WorkerMessage): void => {
    if (message.type === 'run-event') sessions.observe(message.runId, message.event);
    deps.post(message);
  };
  const serverHost = createServerHost({ ...deps, post });
  const memory = createMemoryHost(deps.memoryStore ?? createInMemoryMemoryStore(), (scope) =>
    post({ v: PROTOCOL_VERSION, type: 'memory-changed', scope }),
  );
  const runHost = createRunHost({
    ...deps,
    post,
    servers: serverHost.servers,
    memory,
    signInToken: serverHost.signInToken,
  });
  // Assigned to the whole table's type: a command no host answers does not compile, one two answer throws.
  const table: CommandTable = joinCommandTables(
    serverHost.commands,
    sessions.keepImportedRuns(runHost.commands),
    sessions.storedRunCommands(runHost.sessions),
    memory.commands,
    sessions.commands,
    inBrowser.commands,
    {
      'models-list': ({ provider }: { provider: ProviderSettings }) => deps.listModels(provider),
    },
  );

  return {
    async handle({ requestId, command }) {
      try {
        const value = await routeCommand(table, command);
        deps.post({ v: PROTOCOL_VERSION, type: 'reply', requestId, ok: true, value });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.post({ v: PROTOCOL_VERSION, type: 'reply', requestId, ok: false, error: message });
      }
    },
    async dispose() {
      runHost.runs.abortAll();
      await serverHost.servers.closeAll();
    },
  };
}
