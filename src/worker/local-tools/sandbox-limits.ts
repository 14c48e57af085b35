// How a hit cap of the local-tool sandbox is told to the person; pure. The caps themselves are in shared/.
import { formatSandboxBytes, type SandboxLimits } from '../../shared/local-tool-sandbox-limits';

export { SANDBOX_LIMITS, type SandboxLimits } from '../../shared/local-tool-sandbox-limits';

/** Which cap stopped a handler. */
export type SandboxCap = 'time' | 'memory' | 'stack' | 'output';

/**
 * Time the runner allows, on top of the handler's own time cap, for the sandbox worker to start and load
 * QuickJS. Only a handler stuck where the interpreter cannot interrupt it (or a very slow start) meets it.
 */
export const SANDBOX_START_ALLOWANCE_MS = 5000;

const number = new Intl.NumberFormat('en');

/** The plain sentence for a hit cap, with its figure. */
export function describeCap(cap: SandboxCap, limits: SandboxLimits, timeoutMs: number): string {
  switch (cap) {
    case 'time':
      return `Time cap: the handler ran longer than its ${number.format(timeoutMs)} ms and was stopped.`;
    case 'memory':
      return `Memory cap: the handler needed more than ${formatSandboxBytes(limits.memoryBytes)} of memory and was stopped.`;
    case 'stack':
      return `Stack cap: the handler nested calls deeper than its ${formatSandboxBytes(limits.stackBytes)} stack allows (runaway recursion?) and was stopped.`;
    case 'output':
      return `Output cap: the handler's result is longer than ${number.format(limits.outputCharacters)} characters; return less.`;
  }
}
