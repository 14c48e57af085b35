// The worker's composition root: turns protocol commands into engine runs, MCP connections and replies.
import { findOpenPause } from '../engine/run/resume-run';
import { redactUrl } from '../shared/redact-url';
import { runToolLoop } from '../engine/run/run-tool-loop';
import type { RunEnvironment } from '../engine/run/run-options';
import { buildTranscript } from '../engine/transcript/build-transcript';
import type { Model } from '../engine/model/model';
import type { Command, CommandEnvelope, CommandResults, ModelInfo, WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import { buildSystemPrompt } from '../mcp/build-system-prompt';
import { contextWindowOf, recordBaseUrl, recordModelSettings } from './record-model-settings';
import { RunRegistry, type RunRecord } from './run-registry';
import { ServerRegistry, type ConnectServer } from './server-registry';
import { createSessionCommands, importText, toImportReply, type RunOverrides } from './session-commands';
import { selectRunTools } from './select-run-tools';
import { continueLive } from './continue-live';
import type { RunHandler } from './local-tools/run-in-sandbox';
import type { ModelContext } from './create-model';
import { createDebugHost } from './debug-host';
import { ManualTurns } from './manual-turns';
import { resolveLoopPolicies } from '../shared/loop-policies';
import { createToolInputValidator } from './validate-tool-input';
import { createMcpFeatureHost } from './mcp-feature-host';
import { isMcpFeatureCommand } from '../protocol/mcp-feature-messages';
import { isMcpAppCommand } from '../protocol/mcp-app-messages';
import { executeMcpAppCommand } from './mcp-app-host';
import { createAppCallHost } from './app-call-host';
import { isOAuthCommand } from '../protocol/oauth-messages';
import { createOAuthHost } from './oauth-host';

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
}

export interface EngineHost {
  /** Handles one command envelope; the reply is posted, never thrown. */
  handle(envelope: CommandEnvelope): Promise<void>;
  dispose(): Promise<void>;
}

export function createEngineHost(deps: EngineHostDependencies): EngineHost {
  const runs = new RunRegistry();
  const features = createMcpFeatureHost({
    post: (event) => deps.post({ v: PROTOCOL_VERSION, type: 'mcp-feature', event }),
    createModel: (provider) => deps.createModel(provider),
    createId: (prefix) => deps.environment.createId(prefix),
    now: () => deps.environment.now(),
    servers: () => servers,
  });
  const oauth = createOAuthHost({
    post: (event) => deps.post({ v: PROTOCOL_VERSION, type: 'oauth', event }),
    servers: () => servers,
  });
  const servers = new ServerRegistry(
    deps.connectServer,
    (state) => deps.post({ v: PROTOCOL_VERSION, type: 'server-state', state }),
    (config) => ({ ...features.extrasFor(config), ...oauth.extrasFor(config) }),
  );

  const manual = new ManualTurns(deps.post, (prefix) => deps.environment.createId(prefix));
  const transcriptOf = (runId: string) => {
    const record = runs.get(runId);
    const meta = {
      app: { name: 'Loupe', version: deps.appVersion },
      settings: record.settings,
      servers: record.servers,
    };
    return buildTranscript(record.events, { ...meta, createdAt: record.createdAt });
  };
  const debug = createDebugHost({
    runs,
    manual,
    transcriptOf,
    // A fork re-asks the model from the prefix: its last message goes in as the "new" one.
    startFork: (runId, settings, history, system) => {
      const last = history.at(-1);
      startRun(runId, settings, '', {
        history: history.slice(0, -1),
        ...(last === undefined ? {} : { userMessage: last }),
        ...(system === undefined ? {} : { system }),
      });
    },
  });

  function startRun(runId: string, settings: RunSettings, text: string, overrides: RunOverrides = {}): void {
    const context = {
      manual: manual.sourceFor(runId),
      createId: (prefix: string) => deps.environment.createId(prefix),
    };
    const model = overrides.model ?? deps.createModel(settings.provider, context);
    const connected = servers.connected();
    const system =
      overrides.system ??
      buildSystemPrompt(
        settings.system,
        connected.map(({ config, connection }) => ({
          name: config.name,
          includeInstructions: config.includeInstructions,
          ...(connection.instructions ? { instructions: connection.instructions } : {}),
        })),
      );
    const controller = new AbortController();
    const handle = runToolLoop({
      runId,
      model,
      tools: overrides.tools ?? selectRunTools(servers.tools(), settings.tools, deps),
      ...(system ? { system } : {}),
      history: overrides.history ?? [],
      userMessage: overrides.userMessage ?? {
        role: 'user',
        content: [...(overrides.attachments ?? []), { type: 'text', text }],
      },
      maxRounds: settings.maxRounds,
      maxTokens: settings.maxTokens,
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      signal: controller.signal,
      environment: deps.environment,
      debug: debug.attach(runId, model, controller.signal, settings.debug),
      ...(settings.policies === undefined ? {} : { policies: settings.policies }),
      ...(settings.price === undefined ? {} : { price: settings.price }),
      ...contextWindowOf(settings),
      ...(overrides.resume === undefined ? {} : { resume: { events: overrides.resume } }),
      validateInput: createToolInputValidator,
      // tools/list_changed refreshes a server's list; each round sends the catalogue as it is then.
      // Offline replay keeps its recorded tools: a server's list changing is no part of it.
      ...(overrides.tools === undefined
        ? {
            getTools: async () => {
              await servers.settled();
              return selectRunTools(servers.tools(), settings.tools, { ...deps, post: () => undefined });
            },
          }
        : {}),
    });
    // A resumed run's log goes on from its stored events; one held at a pause steps on from that pause
    // (a run cut while working goes on in the mode the person has chosen).
    const events: RunRecord['events'] = [...(overrides.resume ?? [])];
    if (overrides.resume !== undefined && findOpenPause(overrides.resume) !== undefined)
      void debug.execute({ type: 'run-mode', runId, mode: 'step' });
    const done = (async () => {
      // In batches (one await per batch, not per event); still one message per event, in order.
      for await (const batch of handle.batches)
        for (const event of batch) {
          events.push(event);
          deps.post({ v: PROTOCOL_VERSION, type: 'run-event', runId, event });
        }
    })();
    runs.add({
      runId,
      controller,
      events,
      startedHere: true,
      createdAt: new Date(deps.environment.now()).toISOString(),
      settings: {
        provider: model.provider,
        model: model.modelId,
        ...recordBaseUrl(settings),
        maxRounds: settings.maxRounds,
        maxTokens: settings.maxTokens,
        ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
        ...recordModelSettings(settings),
        policies: resolveLoopPolicies(settings.policies),
      },
      servers: connected.map(({ config }) => ({
        name: config.name,
        url: redactUrl(config.url, config.secretPathSegments),
        instructionsIncluded: config.includeInstructions,
      })),
      done,
    });
  }

  const appCalls = createAppCallHost({
    runs,
    servers,
    debug,
    environment: deps.environment,
    post: (runId, event) => deps.post({ v: PROTOCOL_VERSION, type: 'run-event', runId, event }),
  });

  const sessions = createSessionCommands({
    runs,
    appVersion: deps.appVersion,
    now: () => deps.environment.now(),
    createModel: deps.createModel,
    startRun,
    serversSettled: () => servers.settled(),
  });

  async function execute(command: Command): Promise<CommandResults[Command['type']]> {
    if (isMcpFeatureCommand(command)) return features.execute(command);
    if (isMcpAppCommand(command)) return executeMcpAppCommand(servers, appCalls, command);
    if (isOAuthCommand(command)) return oauth.execute(command);
    switch (command.type) {
      case 'server-add':
        servers.add(command.server);
        return null;
      case 'server-update':
        servers.update(command.server);
        return null;
      case 'server-remove':
        await servers.remove(command.serverId);
        deps.post({ v: PROTOCOL_VERSION, type: 'server-removed', serverId: command.serverId });
        return null;
      case 'models-list':
        return deps.listModels(command.provider);
      case 'run-start':
        startRun(command.runId, command.settings, command.message, {
          ...(command.history ? { history: command.history } : {}),
          ...(command.attachments ? { attachments: command.attachments } : {}),
        });
        return null;
      case 'transcript-import': {
        const raw = await importText(command);
        // A raw provider request becomes a transcript first (loaded on first use), then imports as any other.
        const detected = (await import('./detect-request-import')).detectRequestImport(raw, {
          runId: command.runId,
          now: deps.environment.now(),
          appVersion: deps.appVersion,
          connectedTools: servers.tools().map((tool) => tool.name),
        });
        if ('problems' in detected) return { ok: false, problems: detected.problems };
        // The schema and its checks load with the first import, not with the worker (issue 16).
        const schemaCheck = await import('./check-transcript-schema');
        await schemaCheck.loadFastTranscriptCheck();
        const reply = toImportReply(
          sessions.importTranscript(
            { type: 'transcript-import', runId: command.runId, text: detected.text },
            schemaCheck.checkTranscriptSchema,
          ),
        );
        return reply.ok && detected.notes.length > 0
          ? { ...reply, changes: [...detected.notes, ...reply.changes] }
          : reply;
      }
      case 'run-events-read':
        return sessions.readEvents(command);
      case 'run-load-part':
        return sessions.loadRunPart(command);
      case 'run-load':
        return sessions.loadRun(command);
      case 'run-resume':
        return sessions.resumeRun(command);
      case 'run-replay':
        return sessions.replayRun(command);
      case 'run-continue':
        // The tools are matched once the servers being connected have answered.
        await servers.settled();
        return continueLive(command, {
          eventsOf: (runId) => runs.get(runId).events,
          liveTools: (settings) => selectRunTools(servers.tools(), settings.tools, deps),
          startRun,
        });
      case 'runs-compare':
        return sessions.compareRuns(command.leftRunId, command.rightRunId);
      case 'run-stop':
        runs.get(command.runId).controller.abort();
        return null;
      case 'debug-set':
      case 'run-mode':
      case 'pause-inspect':
      case 'pause-resolve':
      case 'tokens-count':
      case 'fork-history':
      case 'messages-so-far':
      case 'run-fork':
      case 'branch-rename':
      case 'branches-restore':
      case 'manual-reply':
        return debug.execute(command);
      case 'share-file-build':
        // Loaded on first use, as the OTLP mapping is.
        return (await import('./build-share-file')).buildShareFile(command, deps.appVersion);
      case 'otlp-convert': {
        // Loaded on first use: the mapping stays out of the worker's first load.
        const { transcriptsToOtlp } = await import('../engine/otel/transcript-to-otlp');
        return transcriptsToOtlp(command.transcripts, { content: command.content, appVersion: deps.appVersion });
      }
      case 'transcript-export': {
        const record = runs.get(command.runId);
        return debug.addBranches(
          command.runId,
          buildTranscript(record.events, {
            createdAt: record.createdAt,
            app: { name: 'Loupe', version: deps.appVersion },
            settings: record.settings,
            servers: record.servers,
          }),
        );
      }
    }
  }

  return {
    async handle({ requestId, command }) {
      try {
        const value = await execute(command);
        deps.post({ v: PROTOCOL_VERSION, type: 'reply', requestId, ok: true, value });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.post({ v: PROTOCOL_VERSION, type: 'reply', requestId, ok: false, error: message });
      }
    },
    async dispose() {
      runs.abortAll();
      await servers.closeAll();
    },
  };
}
