// Pure: a request's tools matched to the tools of the connected servers; the rest answer from the recording.
import type { ToolDefinition } from '../model/model';

/** Where one of the request's tools goes in the run. */
export interface ToolMapping {
  /** The name in the request. */
  name: string;
  /** The connected server tool's exposed name (`<server>__<tool>`) it maps onto, or undefined: a mock tool. */
  server?: string;
}

/**
 * A request tool maps onto a connected tool of the same exposed name, or onto the one connected tool whose own
 * name (after `<server>__`) is its name; when two servers have that name, or none, it stays a mock tool
 * answered from the recorded results (as an offline replay answers: createRecordedTools).
 */
export function mapRequestTools(tools: readonly ToolDefinition[], connected: readonly string[]): ToolMapping[] {
  const exact = new Set(connected);
  return tools.map(({ name }) => {
    if (exact.has(name)) return { name, server: name };
    const candidates = connected.filter((exposed) => exposed.endsWith(`__${name}`));
    return candidates.length === 1 ? { name, server: candidates[0]! } : { name };
  });
}
