// A test MCP server that speaks only the stateless 2026-07-28 revision (SDK v2): a 2025-era client cannot connect.
// Elicitation comes as an `input_required` result, not a server-to-client request.
import {
  acceptedContent,
  inputRequired,
  LOG_LEVEL_META_KEY,
  McpServer,
  type McpServerOptions,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';
import { registerModernExtras } from './modern-server-extras';
import { SKILLS_EXTENSION } from '../../server/demo-skill';
import { serveTamperedSkill } from './tampered-skill';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

const bookingSchema = z.object({
  name: z.string().meta({ title: 'Name' }).default('Grace'),
  guests: z.number().int().min(1).max(12).meta({ title: 'Guests' }).default(4),
});

/** What the modern test server can vary. */
export interface ModernServerOptions {
  /** The `ttlMs` / `cacheScope` its list results carry (default: `ttlMs: 0`, `private`). */
  cacheHints?: McpServerOptions['cacheHints'];
  /** Hears the `wait` tool: a call started, or its handler's abort signal fired (the request was cancelled). */
  onWait?: (event: WaitEvent) => void;
}

/** What the `wait` tool reports to the test that started the server. */
export type WaitEvent = 'started' | 'aborted';

/** A new modern server (name `modern`). One per request: it keeps nothing between requests. */
export function createModernMcpServer(options: ModernServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'modern', version: '2.0.0' },
    {
      instructions: 'A server that speaks MCP 2026-07-28 only.',
      capabilities: { logging: {}, extensions: { [SKILLS_EXTENSION]: {} } },
      ...(options.cacheHints === undefined ? {} : { cacheHints: options.cacheHints }),
    },
  );

  // The 2026 revision has no logging/setLevel: the level comes in each request's `_meta`, and the SDK drops
  // messages below it (and all of them when the request names none).
  server.registerTool(
    'chatty',
    { description: 'Logs one message at debug, info and warning, then says which level the request asked for.' },
    async (context) => {
      for (const level of ['debug', 'info', 'warning'] as const) await context.mcpReq.log(level, `${level} message`);
      const asked = context.mcpReq.envelope?.[LOG_LEVEL_META_KEY as keyof typeof context.mcpReq.envelope];
      return text(`log level asked: ${typeof asked === 'string' ? asked : 'none'}`);
    },
  );

  server.registerTool(
    'echo',
    { description: 'Answers with the text it was given.', inputSchema: z.object({ text: z.string() }) },
    ({ text: said }) => text(`modern echo: ${said}`),
  );

  server.registerTool(
    'reserve',
    {
      description: 'Asks the person for reservation details (elicitation, as input_required), then confirms.',
      inputSchema: z.object({}),
    },
    (_input, context) => {
      const answer = acceptedContent(context.mcpReq.inputResponses, 'details', bookingSchema);
      if (answer === undefined) {
        const responses = context.mcpReq.inputResponses as Record<string, { action?: string }> | undefined;
        const action = responses?.['details']?.action;
        if (action === 'decline' || action === 'cancel') return text(`Reservation ${action}d.`);
        return inputRequired({
          inputRequests: {
            details: inputRequired.elicit({ message: 'Reservation details, please.', requestedSchema: bookingSchema }),
          },
        });
      }
      return text(`Reserved: ${JSON.stringify(answer)}`);
    },
  );

  // SEP-2243: `region` goes out as `Mcp-Param-Region`; the SDK server refuses a call whose header is missing or
  // disagrees with the body, so an answer proves the client mirrored it.
  server.registerTool(
    'route',
    {
      description: 'Answers with the region it was routed to (mirrored into the Mcp-Param-Region header).',
      inputSchema: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) }),
    },
    ({ region }) => text(`routed to ${region}`),
  );

  // A mark on a non-primitive property breaks SEP-2243: a 2026 client must leave this tool out of its list.
  server.registerTool(
    'badly_marked',
    {
      description: 'Marks an object parameter as a header, which the revision forbids.',
      inputSchema: z.object({ filter: z.object({ q: z.string() }).meta({ 'x-mcp-header': 'Filter' }) }),
    },
    () => text('should never be called'),
  );

  // Answers only once its request is cancelled: on this stateless revision that is the client closing the
  // request's stream (a `notifications/cancelled` would reach another per-request server that never heard of it).
  server.registerTool(
    'wait',
    { description: 'Waits until the call is cancelled, then says so.', inputSchema: z.object({}) },
    async (_input, context) => {
      const { signal } = context.mcpReq;
      options.onWait?.('started');
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      options.onWait?.('aborted');
      return text('cancelled');
    },
  );

  registerModernExtras(server);
  // MCP Skills: one skill whose listed digest is not its file's (the hostile case Inspect must refuse).
  serveTamperedSkill(server);
  return server;
}

/** Starts the modern-only server on 127.0.0.1 (port 0 = a free port); a 2025-era initialize is refused. */
export function startModernServer(
  options: Omit<ServeMcpHttpOptions, 'modern'> & ModernServerOptions = {},
): Promise<McpHttpHandle> {
  const { cacheHints, onWait, ...http } = options;
  return serveMcpHttp(null, {
    ...http,
    modern: () =>
      createModernMcpServer({
        ...(cacheHints === undefined ? {} : { cacheHints }),
        ...(onWait === undefined ? {} : { onWait }),
      }),
  });
}
