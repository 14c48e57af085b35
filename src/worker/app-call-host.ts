// The worker's side of MCP Apps' `tools/call`: each call goes into the run of the tool call whose app made it
// (its round, its debugger, its log), bounded per app; a refused call is logged with the reason too.
import { createDebugSession, type DebugSession } from '../engine/debug/create-debug-session';
import { refuseAppCall, runAppCall, type AppCallOutcome, type AppCallRequest } from '../engine/app-calls/run-app-call';
import type { RunEvent } from '../engine/event/run-event';
import type { RunEnvironment } from '../engine/run/run-options';
import { digestRequest } from '../engine/run/digest-request';
import type { Tool, ToolResultStatus } from '../engine/tool/tool';
import { exposeMcpTools } from '../mcp/tools/collect-mcp-tools';
import { defaultToolTimeoutMs } from '../mcp/connection/mcp-connection';
import { convertToolResult } from '../mcp/tools/convert-tool-result';
import { APP_CALL_LIMITS, type McpAppCommand, type McpAppToolResult } from '../protocol/mcp-app-messages';
import type { ServerToolInfo } from '../protocol/server-status';
import { describeTooDeep, MAX_TOOL_INPUT_DEPTH, measureValueDepth } from '../shared/json-depth';
import { isVisibleToApps } from '../shared/mcp-tool-visibility';
import { toAppResult } from '../shared/to-app-result';
import type { DebugHost } from './debug-host';
import type { RunRecord, RunRegistry } from './run-registry';
import type { ServerRegistry } from './server-registry';
import { validateToolInput } from './validate-tool-input';
import { isRecord } from '../shared/is-record';

type AppToolCall = Extract<McpAppCommand, { type: 'mcp-app-tool-call' }>;

/** What the host needs: the runs, the connections, the debugger and a way to post a run's event. */
export interface AppCallHostContext {
  runs: RunRegistry;
  servers: ServerRegistry;
  debug: Pick<DebugHost, 'controllerFor'>;
  environment: RunEnvironment;
  post: (runId: string, event: RunEvent) => void;
}

export interface AppCallHost {
  /** Runs one app's call; resolves with what the app is answered, rejects with why it was refused. */
  call(command: AppToolCall): Promise<McpAppToolResult>;
}

/** Whether the run was stopped (in this worker, or — for a run loaded from storage — when it ended). */
function wasStopped(record: RunRecord): boolean {
  if (record.controller.signal.aborted) return true;
  return record.events.some((event) => event.type === 'run-end' && event.finishReason === 'aborted');
}

/** The tool call whose app this is: its `tool-call-end` in the run's log. */
function findOpener(record: RunRecord, callId: string): Extract<RunEvent, { type: 'tool-call-end' }> | undefined {
  for (const event of record.events) if (event.type === 'tool-call-end' && event.callId === callId) return event;
  return undefined;
}

/** Creates the host (one per worker). */
export function createAppCallHost(context: AppCallHostContext): AppCallHost {
  const { environment } = context;
  const inFlight = new Map<string, number>();
  const noticed = new Set<string>();
  const sessions = new WeakMap<RunRecord, DebugSession>();

  const emitterOf = (command: AppToolCall, record: RunRecord) => (event: RunEvent) => {
    record.events.push(event);
    context.post(command.runId, event);
  };

  function sessionOf(record: RunRecord, emit: (event: RunEvent) => void): DebugSession {
    const known = sessions.get(record);
    if (known !== undefined) return known;
    const { signal } = record.controller;
    const model = { modelId: record.settings.model, provider: record.settings.provider };
    const session = createDebugSession({
      controller: context.debug.controllerFor(record.runId, signal, () =>
        record.events.some((event) => event.type === 'run-end'),
      ),
      signal,
      emit,
      now: () => environment.now(),
      createId: (prefix) => environment.createId(prefix),
      // Stop at an app call's pause stops the run, as it does at any pause.
      stop: () => record.controller.abort(),
      digest: (request) => digestRequest(model, request),
    });
    sessions.set(record, session);
    return session;
  }

  /** The engine tool an app's call runs: the server's `tools/call` for apps; `raw` keeps the answer as sent. */
  function appTool(command: AppToolCall, info: ServerToolInfo, raw: { value?: McpAppToolResult }): Tool {
    const connection = context.servers.connection(command.serverId);
    const timeoutMs = connection.config.toolTimeoutMs ?? defaultToolTimeoutMs;
    return {
      name: info.exposedName,
      description: info.description,
      inputSchema: info.inputSchema,
      annotations: { readOnlyHint: info.readOnly },
      origin: {
        kind: 'mcp',
        serverId: connection.config.id,
        serverName: connection.config.name,
        toolName: info.originalName,
      },
      timeoutMs,
      timeoutSource: 'server',
      // The engine's context goes through: Stop or a timeout aborts the request, progress and logs reach the call.
      run: async (input, run) => {
        raw.value = await connection.apps.callTool(info.originalName, input, timeoutMs, run);
        return convertToolResult(raw.value);
      },
    };
  }

  /** The app's answer: the server's result as sent when nobody changed it, else the result as the timeline has it. */
  function answerOf(outcome: AppCallOutcome, raw: McpAppToolResult | undefined): McpAppToolResult {
    const ran: ToolResultStatus[] = ['ok', 'tool-error'];
    if (raw !== undefined && !outcome.edited && ran.includes(outcome.status))
      return {
        content: raw.content,
        ...(outcome.structured === undefined ? {} : { structuredContent: outcome.structured }),
        ...(raw.isError === true ? { isError: true } : {}),
      };
    return toAppResult(outcome.content, outcome.isError, outcome.structured);
  }

  return {
    async call(command) {
      const record = context.runs.get(command.runId);
      // A recording's app replays the file's data; it must not act on the person's servers. Refused before
      // anything is logged, so the recorded run stays as it was.
      if (!record.startedHere)
        throw new Error('This run was not started here (it was imported or restored), so its apps may not call tools.');
      const opener = findOpener(record, command.appOf);
      if (opener === undefined) throw new Error('This app does not belong to a finished tool call of that run.');
      const infos =
        exposeMcpTools(context.servers.connected().map(({ connection }) => connection)).toolInfos.get(
          command.serverId,
        ) ?? [];
      if (!infos.some((info) => info.exposedName === opener.name))
        throw new Error(`${opener.name} is not a tool of that server, so its app cannot call the server.`);
      const emit = emitterOf(command, record);
      const key = `${command.runId}\n${command.appOf}`;
      const made = record.events.filter((event) => event.type === 'app-call-start' && event.appOf === command.appOf);
      if (made.length >= APP_CALL_LIMITS.maxCalls) {
        const why = `The app of ${opener.name} made ${APP_CALL_LIMITS.maxCalls} calls in this run, the most Loupe runs; it refuses the rest.`;
        if (!noticed.has(key)) {
          noticed.add(key);
          emit({ type: 'notice', at: environment.now(), round: opener.round, message: why });
        }
        throw new Error(why);
      }
      const info = infos.find((candidate) => candidate.originalName === command.toolName);
      const request: AppCallRequest & { name: string } = {
        round: opener.round,
        callId: environment.createId('app-call'),
        appOf: command.appOf,
        toolName: command.toolName,
        name: info?.exposedName ?? command.toolName,
        input: isRecord(command.arguments) ? command.arguments : {},
      };
      const refuse = (why: string, status: ToolResultStatus = 'denied'): never => {
        refuseAppCall(request, why, { environment, emit }, status);
        throw new Error(why);
      };
      if (wasStopped(record)) refuse('The run was stopped, so its apps may call no more tools.', 'not-executed');
      if (info === undefined) refuse(`This server has no tool "${command.toolName}".`, 'not-found');
      if (!isVisibleToApps(info?.app))
        refuse(
          `"${command.toolName}" is not marked for apps (its visibility leaves out "app"), so an app may not call it.`,
        );
      if (!isRecord(command.arguments)) refuse('The arguments must be a JSON object.', 'invalid-input');
      if (measureValueDepth(command.arguments, MAX_TOOL_INPUT_DEPTH) > MAX_TOOL_INPUT_DEPTH)
        refuse(describeTooDeep('The input', MAX_TOOL_INPUT_DEPTH), 'invalid-input');
      const going = inFlight.get(key) ?? 0;
      if (going >= APP_CALL_LIMITS.maxInFlight)
        refuse(
          `The app has ${APP_CALL_LIMITS.maxInFlight} calls going already; Loupe runs at most ${APP_CALL_LIMITS.maxInFlight} of one app's calls at once.`,
        );
      const tool = info as ServerToolInfo;
      const raw: { value?: McpAppToolResult } = {};
      inFlight.set(key, going + 1);
      try {
        const outcome = await runAppCall(request, {
          tool: appTool(command, tool, raw),
          debug: sessionOf(record, emit),
          signal: record.controller.signal,
          environment,
          emit,
          timeoutMs: defaultToolTimeoutMs,
          validate: (input) => validateToolInput(tool.inputSchema, input),
        });
        return answerOf(outcome, raw.value);
      } finally {
        inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
      }
    },
  };
}
