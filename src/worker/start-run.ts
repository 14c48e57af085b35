// Starts one run of the loop in this worker: its model, tools and prompt, its debugger, its log and its events.
import type { RunEvent } from '../engine/event/run-event';
import type { RunEnvironment } from '../engine/run/run-options';
import { findOpenPause } from '../engine/run/resume-run';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { buildSystemPrompt } from '../mcp/tools/build-system-prompt';
import { PROTOCOL_VERSION, type WorkerMessage } from '../protocol/messages';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import type { Model } from '../engine/model/model';
import type { ModelContext } from './create-model';
import type { DebugHost, StartFork } from './debug-host';
import type { RunHandler } from './local-tools/run-in-sandbox';
import type { ManualTurns } from './manual-turns';
import { contextWindowOf } from './record-model-settings';
import type { RunRegistry } from './run-registry';
import { startedRunMeta } from './run-transcript-meta';
import { selectRunTools } from './select-run-tools';
import { withTraceContext } from './with-trace-context';
import { recordMcpCalls, serverFactsFrom, type McpCallRecord } from './record-mcp-calls';
import type { Tool } from '../engine/tool/tool';
import type { ServerRegistry } from './server-registry';
import type { RunOverrides } from './session-commands';
import { createToolInputValidator } from './validate-tool-input';
import { withConnectorServers, withoutConnectorTools } from './connector-servers';
import type { MemoryHost } from './memory-host';

export interface RunStarterContext {
  runs: RunRegistry;
  servers: ServerRegistry;
  manual: ManualTurns;
  debug: Pick<DebugHost, 'attach' | 'execute'>;
  environment: RunEnvironment;
  post: (message: WorkerMessage) => void;
  createModel: (provider: ProviderSettings, context?: ModelContext) => Model;
  runLocalHandler?: RunHandler;
  /** Adds the memory tool to a run whose provider sends it (Anthropic, Memory on). */
  memory: Pick<MemoryHost, 'withMemoryTool'>;
  /** Where each MCP call's server is noted, for the execute_tool spans' MCP attributes. */
  mcpCalls: McpCallRecord;
  /** A signed-in server's access token for the MCP connector, renewed when it has ended (the OAuth host's). */
  signInToken?: (serverId: string) => Promise<string>;
}

/** Starts `runId`; `overrides` say how it differs from a run of the composer's message (replay, fork, resume). */
export type StartRun = (runId: string, settings: RunSettings, text: string, overrides?: RunOverrides) => void;

export interface RunStarter {
  start: StartRun;
  /**
   * `tools` as a run `runId` with `settings` gets them: MCP calls noted for the trace, with trace context when the
   * run sends it. For tools a caller hands `start` itself (Continue live's); a run's own tools get it already.
   */
  instrument: (runId: string, settings: RunSettings, tools: Tool[]) => Tool[];
  /** A fork re-asks the model from the prefix: its last message goes in as the "new" one. */
  startFork: StartFork;
}

/** `tools` with their MCP calls noted for the trace, and given their trace context when the run sends it. */
function instrumented(context: RunStarterContext, runId: string, traceContext: boolean, tools: Tool[]): Tool[] {
  const recorded = recordMcpCalls(tools, runId, context.mcpCalls, serverFactsFrom(context.servers));
  return traceContext ? withTraceContext(recorded, runId) : recorded;
}

export function createRunStarter(context: RunStarterContext): RunStarter {
  const { runs, servers, manual, debug, environment } = context;

  const start: StartRun = (runId, settings, text, overrides = {}) => {
    // Servers set to "Run through the API" go to the provider as the MCP connector, not as the browser's tools.
    const connector = withConnectorServers(settings.provider, servers.configs(), settings.serverPaths);
    const runTools = (post: (message: WorkerMessage) => void) =>
      instrumented(
        context,
        runId,
        settings.traceContext === true,
        context.memory.withMemoryTool(
          withoutConnectorTools(
            selectRunTools(servers.tools(), settings.tools, { ...context, post }),
            connector.throughApi,
          ),
          settings.provider,
          (message) => post({ v: PROTOCOL_VERSION, type: 'notice', message }),
        ),
      );
    const model =
      overrides.model ??
      context.createModel(connector.provider, {
        manual: manual.sourceFor(runId),
        createId: (prefix: string) => environment.createId(prefix),
        ...(context.signInToken === undefined ? {} : { signInToken: context.signInToken }),
      });
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
      tools: overrides.tools ?? runTools(context.post),
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
      environment,
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
              return runTools(() => undefined);
            },
          }
        : {}),
    });
    // A resumed run's log goes on from its stored events; one held at a pause steps on from that pause
    // (a run cut while working goes on in the mode the person has chosen).
    const events: RunEvent[] = [...(overrides.resume ?? [])];
    if (overrides.resume !== undefined && findOpenPause(overrides.resume) !== undefined)
      void debug.execute({ type: 'run-mode', runId, mode: 'step' });
    const done = (async () => {
      // In batches (one await per batch, not per event); still one message per event, in order.
      for await (const batch of handle.batches)
        for (const event of batch) {
          events.push(event);
          context.post({ v: PROTOCOL_VERSION, type: 'run-event', runId, event });
        }
    })();
    runs.add({
      runId,
      controller,
      events,
      startedHere: true,
      ...startedRunMeta(model, settings, connected, environment.now()),
      done,
    });
  };

  return {
    start,
    instrument: (runId, settings, tools) => instrumented(context, runId, settings.traceContext === true, tools),
    startFork: (runId, settings, history, system) => {
      const last = history.at(-1);
      start(runId, settings, '', {
        history: history.slice(0, -1),
        ...(last === undefined ? {} : { userMessage: last }),
        ...(system === undefined ? {} : { system }),
      });
    },
  };
}
