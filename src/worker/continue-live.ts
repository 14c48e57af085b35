// Worker side of Continue live: an imported run's whole history sent as the next request to the person's model,
// its tool calls answered by the connected servers (or, for tools no server offers, by the person at a pause).
import type { RunEvent } from '../engine/event/run-event';
import { forkHistory } from '../engine/debug/fork-history';
import type { Tool } from '../engine/tool/tool';
import type { ToolDefinition } from '../engine/model/model';
import type { RunSettings } from '../protocol/settings';
import type { RunContinueCommand, RunContinueResult } from '../protocol/session-messages';
import type { RunOverrides } from './session-commands';

export interface ContinueLiveContext {
  /** The run's log (imported, loaded or live). */
  eventsOf: (runId: string) => readonly RunEvent[];
  /** The tools a run started now would be given (the connected servers' tools as the person selected them). */
  liveTools: (settings: RunSettings) => Tool[];
  startRun: (runId: string, settings: RunSettings, text: string, overrides: RunOverrides) => void;
}

/** The text a by-hand tool's call gets if the person lets it run instead of giving its result at the pause. */
export const BY_HAND_UNANSWERED = 'No connected server offers this tool, and no result was given by hand at its pause.';

/** A tool of the imported request no server offers: sent to the model, each call answered by the person. */
export function createByHandTool(definition: ToolDefinition): Tool {
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.input_schema,
    origin: { kind: 'local' },
    // Reached only when the person goes on at the pause without a result: an error the model can read.
    run: () => Promise.resolve({ content: [{ type: 'text', text: BY_HAND_UNANSWERED }], isError: true }),
  };
}

/** The tools the source run's requests carried (the run-start's, then any a round's tool-list change added). */
function requestTools(events: readonly RunEvent[]): ToolDefinition[] {
  const byName = new Map<string, ToolDefinition>();
  for (const event of events) {
    const tools = event.type === 'run-start' ? event.tools : event.type === 'tools-update' ? event.tools : [];
    for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  }
  return [...byName.values()];
}

/**
 * Starts `command.runId` from the whole (repaired) history of `command.sourceRunId`. When some of the source's
 * tools are offered by no connected server and the command does not say what to do with them, nothing starts:
 * the reply names them. `by-hand` sends them to the model (the caller pauses before their calls); `leave-out`
 * does not send them. Throws when the history ends with the model's answer: there is no next request to send.
 */
export function continueLive(command: RunContinueCommand, context: ContinueLiveContext): RunContinueResult {
  const events = context.eventsOf(command.sourceRunId);
  const messages = forkHistory(events, Number.MAX_SAFE_INTEGER).messages;
  const last = messages.at(-1);
  if (last === undefined) throw new Error('The run has no history to continue.');
  if (last.role !== 'user')
    throw new Error(
      'The run ended with the model’s answer: there is no next request to send. Send a new message instead.',
    );
  const live = context.liveTools(command.settings);
  const liveNames = new Set(live.map((tool) => tool.name));
  const unmatched = requestTools(events).filter((tool) => !liveNames.has(tool.name));
  const names = unmatched.map((tool) => tool.name);
  if (names.length > 0 && command.unmatched === undefined) return { started: false, unmatched: names };
  const byHand = command.unmatched === 'by-hand' ? unmatched.map(createByHandTool) : [];
  const start = events.find((event) => event.type === 'run-start');
  context.startRun(command.runId, command.settings, '', {
    history: messages.slice(0, -1),
    userMessage: last,
    tools: [...live, ...byHand],
    ...(start?.type === 'run-start' && start.system !== undefined ? { system: start.system } : {}),
  });
  return { started: true, unmatched: names };
}
