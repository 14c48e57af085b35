// Pure: a pending request's size per part (system, tools, history) from the provider's token counts, which
// only count whole requests — so three requests are counted: whole, without tools, without tools or system.
import type { ModelRequest } from '../../engine/model/model';

/** Input tokens per part of a request, as the provider counted them (differences of whole counts). */
export interface TokenParts {
  system: number;
  tools: number;
  history: number;
}

/** The three requests to count: as sent, without tools (nor tool_choice), and without the system prompt too. */
export function partRequests(request: ModelRequest): [ModelRequest, ModelRequest, ModelRequest] {
  const { toolChoice: _toolChoice, ...rest } = request;
  const withoutTools: ModelRequest = { ...rest, tools: [] };
  const { system: _system, ...bare } = withoutTools;
  return [request, withoutTools, bare];
}

/**
 * The parts from the three counts: tools are what the tool definitions add (with the provider's own tool-use
 * preamble), system what the system prompt adds, history the rest. Never negative: a provider that rounds
 * could otherwise give a part below zero.
 */
export function partsFrom([whole, withoutTools, bare]: readonly [number, number, number]): TokenParts {
  return {
    system: Math.max(0, withoutTools - bare),
    tools: Math.max(0, whole - withoutTools),
    history: bare,
  };
}
