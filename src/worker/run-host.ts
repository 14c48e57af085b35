// The worker's runs: the registry of their logs, the debugger, manual turns, MCP Apps' calls and the session
// commands, and the commands that start, stop, fork, export and inspect runs.
import type { DebugCommand } from '../protocol/debug-messages';
import type { McpAppCommand } from '../protocol/mcp-app-messages';
import { PROTOCOL_VERSION, type WorkerMessage } from '../protocol/messages';
import type { ProviderSettings } from '../protocol/settings';
import type { Model } from '../engine/model/model';
import type { RunEnvironment } from '../engine/run/run-options';
import { createAppCallHost } from './app-call-host';
import { answerEach, type CommandTable } from './command-table';
import type { ModelContext } from './create-model';
import { createDebugHost } from './debug-host';
import type { RunHandler } from './local-tools/run-in-sandbox';
import { ManualTurns } from './manual-turns';
import { executeMcpAppCommand } from './mcp-app-host';
import { RunRegistry } from './run-registry';
import { createRunTranscripts } from './run-transcript-meta';
import type { ServerRegistry } from './server-registry';
import { sessionCommandTable, type SessionCommandType } from './session-command-table';
import { createSessionCommands, type SessionCommands } from './session-commands';
import { sendRunTrace } from './send-run-trace';
import { RunTelemetry } from './run-telemetry';
import { createRunStarter } from './start-run';
import { continueLive } from './continue-live';
import { selectRunTools } from './select-run-tools';
import type { MemoryHost } from './memory-host';

export interface RunHostDependencies {
  post: (message: WorkerMessage) => void;
  environment: RunEnvironment;
  servers: ServerRegistry;
  createModel: (provider: ProviderSettings, context?: ModelContext) => Model;
  appVersion: string;
  runLocalHandler?: RunHandler;
  /** What posts traces to the person's OTLP endpoint. Default: the global `fetch`. */
  fetchFn?: typeof fetch;
  /** Adds the memory tool to a run whose provider sends it. */
  memory: Pick<MemoryHost, 'withMemoryTool'>;
  /** A signed-in server's access token for the MCP connector (the OAuth host's). */
  signInToken?: (serverId: string) => Promise<string>;
}

type RunCommandType =
  | 'run-start'
  | 'run-stop'
  | 'transcript-export'
  | 'otlp-convert'
  | 'otlp-send'
  | 'run-continue'
  | 'share-file-build'
  | DebugCommand['type']
  | McpAppCommand['type']
  | SessionCommandType;

export interface RunHost {
  runs: RunRegistry;
  /** Stored runs going back into the worker (the sessions host reads their logs). */
  sessions: Pick<SessionCommands, 'loadRun' | 'resumeRun' | 'keptEvents'>;
  commands: CommandTable<RunCommandType>;
}

export function createRunHost(deps: RunHostDependencies): RunHost {
  const { servers, environment } = deps;
  const runs = new RunRegistry();
  const transcripts = createRunTranscripts(runs, deps.appVersion);
  const manual = new ManualTurns(deps.post, (prefix) => environment.createId(prefix));
  const debug = createDebugHost({ runs, manual, transcriptOf: transcripts.transcriptOf });
  const telemetry = new RunTelemetry();
  const starter = createRunStarter({ ...deps, runs, manual, debug, mcpCalls: telemetry.mcpCalls });
  const appCalls = createAppCallHost({
    runs,
    servers,
    debug,
    environment,
    post: (runId, event) => deps.post({ v: PROTOCOL_VERSION, type: 'run-event', runId, event }),
  });
  const sessions = createSessionCommands({
    runs,
    appVersion: deps.appVersion,
    now: () => environment.now(),
    createModel: deps.createModel,
    startRun: starter.start,
    serversSettled: () => servers.settled(),
    onReplay: (runId, origin) => telemetry.noteOrigin(runId, origin),
  });

  return {
    runs,
    sessions,
    commands: {
      'run-start': (command) => {
        starter.start(command.runId, command.settings, command.message, {
          ...(command.history ? { history: command.history } : {}),
          ...(command.attachments ? { attachments: command.attachments } : {}),
        });
        return null;
      },
      'run-stop': ({ runId }) => {
        runs.get(runId).controller.abort();
        return null;
      },
      'run-fork': (command) => debug.fork(command, starter.startFork),
      'transcript-export': ({ runId }) => debug.addBranches(runId, transcripts.transcriptOf(runId)),
      'otlp-convert': async (command) => {
        // Loaded on first use: the mapping stays out of the worker's first load.
        const { transcriptsToOtlp } = await import('../engine/otel/transcript-to-otlp');
        return transcriptsToOtlp(command.transcripts, {
          content: command.content,
          appVersion: deps.appVersion,
          ...telemetry.exportFacts(),
        });
      },
      'otlp-send': (command) =>
        sendRunTrace(command, {
          // With its family, so a fork's (or a Continue live's) trace links to the run it came from.
          transcriptOf: (runId) => debug.addBranches(runId, transcripts.transcriptOf(runId)),
          facts: telemetry.exportFacts(),
          appVersion: deps.appVersion,
          fetchFn: deps.fetchFn ?? ((input, init) => fetch(input, init)),
        }),
      'run-continue': async (command) => {
        // The tools are matched once the servers being connected have answered.
        await servers.settled();
        return continueLive(command, {
          eventsOf: (runId) => runs.get(runId).events,
          // Instrumented as any run's: its MCP calls carry trace context and are noted for its spans.
          liveTools: (settings) =>
            starter.instrument(command.runId, settings, selectRunTools(servers.tools(), settings.tools, deps)),
          startRun: starter.start,
        });
      },
      // Loaded on first use, as the OTLP mapping is.
      'share-file-build': async (command) =>
        (await import('./build-share-file')).buildShareFile(command, deps.appVersion),
      ...answerEach<Exclude<DebugCommand['type'], 'run-fork'>>(
        {
          'debug-set': true,
          'run-mode': true,
          'pause-inspect': true,
          'pause-resolve': true,
          'tokens-count': true,
          'fork-history': true,
          'messages-so-far': true,
          'branch-rename': true,
          'branches-restore': true,
          'manual-reply': true,
        },
        (command) => debug.execute(command),
      ),
      ...answerEach<McpAppCommand['type']>({ 'mcp-app-resource': true, 'mcp-app-tool-call': true }, (command) =>
        executeMcpAppCommand(servers, appCalls, command),
      ),
      ...sessionCommandTable(sessions, {
        now: () => environment.now(),
        appVersion: deps.appVersion,
        connectedTools: () => servers.tools().map((tool) => tool.name),
      }),
    },
  };
}
