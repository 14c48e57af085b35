// Pure: a breakpoint's label, in the words the engine puts in a pause's reason and the debugger lists. Imports nothing.

/**
 * What a breakpoint selects, as far as its label needs it. The engine's `Breakpoint` (engine/debug/pause-point.ts)
 * must stay assignable to it, so a kind added there fails to compile here until it has words.
 */
export type BreakpointTarget =
  | { kind: 'tool'; toolName: string }
  | { kind: 'compaction' }
  | { kind: 'tool-error' }
  | { kind: 'stop-reason'; stopReason: string }
  | { kind: 'round'; round: number };

/** A short label for a breakpoint: "tool weather_get", "stop reason max_tokens", "round 3"… */
export function describeBreakpoint(breakpoint: BreakpointTarget): string {
  switch (breakpoint.kind) {
    case 'tool':
      return `tool ${breakpoint.toolName}`;
    case 'compaction':
      return 'before a compaction';
    case 'tool-error':
      return 'any tool error';
    case 'stop-reason':
      return `stop reason ${breakpoint.stopReason}`;
    case 'round':
      return `round ${breakpoint.round}`;
  }
}
