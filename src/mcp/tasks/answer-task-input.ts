// Answers one of a 2026-07-28 task's `inputRequests` (an elicitation or a sampling request) with the same
// handlers, forms and approvals as a server's direct request: a task is no higher-trust channel (SEP-2663).
import { isSpecType } from '@modelcontextprotocol/client';
import type { ElicitationSchema } from '../../protocol/mcp-feature-messages';
import type { McpClientHandlers } from '../server-requests/mcp-client-handlers';
import { McpTaskError, quoteValue } from './mcp-task';

/** The handlers a task's questions go to; `onLog` hears what Loupe answered without asking the person. */
export type TaskInputHandlers = Pick<McpClientHandlers, 'elicit' | 'sample' | 'onLog'>;

/** Characters of a URL-mode request's message and address quoted in the log note. */
const maxQuotedChars = 300;

const isUrlModeRequest = (params: unknown): params is { message?: unknown; url?: unknown } =>
  typeof params === 'object' && params !== null && (params as { mode?: unknown }).mode === 'url';

/**
 * The answer to `request` (`{ method, params }` from a task's `inputRequests`), from `handlers`. A URL-mode
 * elicitation is declined without asking (Loupe declares form mode only and opens no server's links; outside a
 * task the same request is refused, but a task's answers carry results only), with a warning through
 * `handlers.onLog`. Throws `McpTaskError` for a request Loupe does not answer (roots, an unknown method, a
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
  if (method === 'elicitation/create' && isUrlModeRequest(params)) {
    const quote = (value: unknown) =>
      typeof value === 'string' ? JSON.stringify(value.slice(0, maxQuotedChars)) : quoteValue(value);
    handlers.onLog?.({
      level: 'warning',
      logger: 'loupe',
      data: `Loupe declined a URL-mode elicitation from the task of ${toolName} (it answers form-mode elicitation only and opens no link for a server): message ${quote(params.message)}, url ${quote(params.url)}.`,
    });
    return { action: 'decline' };
  }
  if (method === 'elicitation/create') {
    if (handlers.elicit === undefined) throw refuse('elicitation is not available here');
    if (!isSpecType.ElicitRequestFormParams(params)) throw refuse('its params are not a form-mode elicitation');
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
