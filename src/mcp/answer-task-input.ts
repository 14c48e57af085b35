// Answers one of a 2026-07-28 task's `inputRequests` (an elicitation or a sampling request) with the same
// handlers, forms and approvals as a server's direct request: a task is no higher-trust channel (SEP-2663).
import { isSpecType } from '@modelcontextprotocol/client';
import type { ElicitationSchema } from '../protocol/mcp-feature-messages';
import type { McpClientHandlers } from './mcp-client-handlers';
import { McpTaskError, quoteValue } from './mcp-task';

/** The handlers a task's questions go to. */
export type TaskInputHandlers = Pick<McpClientHandlers, 'elicit' | 'sample'>;

/**
 * The answer to `request` (`{ method, params }` from a task's `inputRequests`), from `handlers`. Throws
 * `McpTaskError` for a request Loupe does not answer (URL-mode elicitation, roots, an unknown method, a
 * feature without a handler) or whose params are malformed; the handlers' own refusals are thrown as they are.
 */
export async function answerTaskInput(
  request: unknown,
  handlers: TaskInputHandlers,
  signal: AbortSignal,
  toolName: string,
): Promise<unknown> {
  const record = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>;
  const { method, params } = record;
  const refuse = (why: string) =>
    new McpTaskError(`The task of ${toolName} asked for ${quoteValue(method)}, which Loupe cannot answer: ${why}.`);
  if (method === 'elicitation/create') {
    if (handlers.elicit === undefined) throw refuse('elicitation is not available here');
    if (!isSpecType.ElicitRequestFormParams(params) || (params as { mode?: unknown }).mode === 'url')
      throw refuse('Loupe answers well-formed form-mode elicitation only');
    return handlers.elicit(
      { message: params.message, requestedSchema: params.requestedSchema as unknown as ElicitationSchema },
      signal,
    );
  }
  if (method === 'sampling/createMessage') {
    if (handlers.sample === undefined) throw refuse('sampling is not available here');
    if (!isSpecType.CreateMessageRequestParams(params)) throw refuse('its params are not a sampling request');
    return handlers.sample(params, signal);
  }
  throw refuse('it is neither elicitation nor sampling');
}
