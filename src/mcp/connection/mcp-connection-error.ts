// The error a failed MCP connection throws: it carries the diagnosed problem for the UI.
import type { ConnectionProblem } from '../../protocol/server-status';

/** Thrown by `connectMcpServer` when a server cannot be reached or spoken to; `problem` says why and what to do. */
export class McpConnectionError extends Error {
  override readonly name = 'McpConnectionError';

  constructor(
    readonly problem: ConnectionProblem,
    options?: { cause?: unknown },
  ) {
    super(problem.message, options);
  }
}

/** Thrown by an MCP tool's `run` when the server does not answer within the tool's timeout. */
export class McpToolTimeoutError extends Error {
  // Named like the DOMException a timed-out fetch raises, so callers can tell it from an abort.
  override readonly name = 'TimeoutError';

  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`The tool ${toolName} did not answer within ${timeoutMs} ms.`, options);
  }
}

/**
 * Thrown by an MCP tool's `run` when the connection to its server broke during the call: the answer will not come.
 * Told apart from a timeout by its name and `code`; whether the call runs again is the loop policy's decision.
 */
export class McpConnectionLostError extends Error {
  override readonly name = 'McpConnectionLostError';
  /** Structured, so the loop's retry policy reads it instead of the words. */
  readonly code = 'connection-lost';

  constructor(
    readonly serverName: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Connection to \`${serverName}\` lost during the call: ${reason}.`, options);
  }
}
