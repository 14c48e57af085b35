// Which blocks of a round's reply are drawn where: a server call's result beside its call, the calls its code
// made (programmatic tool calling, `tool_use` with a `caller`) nested under it, everything else in the reply's
// order. Pure; only the view groups — the transcript keeps the blocks in the order the API sent them.
import type { AssistantBlockView, RoundView, ToolCallView } from '../../../store/run-view';

export type ApiBlockView = Extract<AssistantBlockView, { kind: 'api' }>;

/** How one round's reply is drawn. */
export interface ReplyGrouping {
  /** Each server call's id → its result in the same round. */
  results: Map<string, ApiBlockView>;
  /** Each server call's id → the tool calls its code made, in the round's call order. */
  nested: Map<string, ToolCallView[]>;
  /** The calls listed under the reply: the model's own, and code calls whose code ran in another round. */
  direct: ToolCallView[];
  /** The blocks drawn in order: tool_use blocks (drawn as calls) and results drawn with their call left out. */
  shown: AssistantBlockView[];
}

export const isServerCall = (view: AssistantBlockView): view is ApiBlockView =>
  view.kind === 'api' && (view.block.type === 'server_tool_use' || view.block.type === 'mcp_tool_use');

export const serverCallIdOf = (view: ApiBlockView): string | undefined =>
  typeof view.block.id === 'string' ? view.block.id : undefined;

/** The id of the server call `view` is the result of, when it is one. */
export function answeredCallId(view: AssistantBlockView): string | undefined {
  if (view.kind !== 'api' || view.block.type === 'server_tool_use' || view.block.type === 'mcp_tool_use')
    return undefined;
  return typeof view.block.tool_use_id === 'string' ? view.block.tool_use_id : undefined;
}

export function groupReplyBlocks(round: Pick<RoundView, 'blocks' | 'toolCalls'>): ReplyGrouping {
  const calls = new Set<string>();
  for (const view of round.blocks) {
    const id = isServerCall(view) ? serverCallIdOf(view) : undefined;
    if (id !== undefined) calls.add(id);
  }
  const results = new Map<string, ApiBlockView>();
  for (const view of round.blocks) {
    const id = answeredCallId(view);
    // The first result of a call is drawn with it; a stray second one stays in place, not hidden.
    if (id !== undefined && calls.has(id) && !results.has(id)) results.set(id, view as ApiBlockView);
  }
  const nested = new Map<string, ToolCallView[]>();
  const direct: ToolCallView[] = [];
  for (const call of round.toolCalls) {
    if (call.callerId === undefined || !calls.has(call.callerId)) direct.push(call);
    else nested.set(call.callerId, [...(nested.get(call.callerId) ?? []), call]);
  }
  const withCall = new Set<AssistantBlockView>(results.values());
  const shown = round.blocks.filter((view) => view.kind !== 'tool_use' && !withCall.has(view));
  return { results, nested, direct, shown };
}
