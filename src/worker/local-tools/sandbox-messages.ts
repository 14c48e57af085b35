// What the engine worker and a local-tool sandbox worker say to each other (one request, one answer).
import type { HandlerOutcome, HandlerRequest } from './evaluate-handler';
import type { SandboxLimits } from './sandbox-limits';

/** The one message a sandbox worker receives: QuickJS compiled by the engine worker, and the call. */
export interface SandboxRequest extends HandlerRequest {
  wasmModule: WebAssembly.Module;
  limits: SandboxLimits;
}

/** The one message a sandbox worker sends back: how the handler ended, or why the sandbox could not run it. */
export type SandboxAnswer = { type: 'outcome'; outcome: HandlerOutcome } | { type: 'failure'; message: string };

export function isSandboxRequest(value: unknown): value is SandboxRequest {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Partial<SandboxRequest>;
  return (
    request.wasmModule instanceof WebAssembly.Module &&
    typeof request.source === 'string' &&
    typeof request.input === 'object' &&
    request.input !== null &&
    typeof request.timeoutMs === 'number' &&
    typeof request.limits === 'object'
  );
}
