// What a server may ask of the person, bounded: a real SDK server floods forms and sends sampling requests too
// long to show or asking for too long a reply; the worker's feature host refuses or lowers each, and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { startPushyServer } from '../../test/servers/pushy-server';
import { createScriptedModel } from '../engine/testing/scripted-model';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import { type McpConnection } from '../mcp/connection/mcp-connection';
import {
  MAX_SAMPLING_PROMPT_CHARS,
  MAX_SAMPLING_TOKENS,
  MAX_WAITING_REQUESTS_PER_SERVER,
} from '../mcp/server-requests/server-request-bounds';
import type { McpFeatureEvent } from '../protocol/mcp-feature-messages';
import type { ServerConfig } from '../protocol/settings';
import { createMcpFeatureHost } from './mcp-feature-host';
import type { ServerRegistry } from './server-registry';

const context = () => ({ signal: new AbortController().signal, onProgress: () => {}, log: () => {} });
const textOf = (output: { content: { type: string; text?: string }[] } | undefined) =>
  output?.content.map((part) => part.text ?? '').join('') ?? '';

describe('requests a server makes of the person are bounded', () => {
  let server: McpHttpHandle;
  let connection: McpConnection;
  const events: McpFeatureEvent[] = [];
  const model = createScriptedModel([{ content: [{ type: 'text', text: 'Short answer.' }] }]);
  let host: ReturnType<typeof createMcpFeatureHost>;
  let ids = 0;
  let formsExpected = 0;

  beforeAll(async () => {
    server = await startPushyServer();
    host = createMcpFeatureHost({
      post: (event) => {
        events.push(event);
        // The person: cancels the forms once every form of the flood has come (shown or refused), so the flood
        // meets forms still waiting; approves each sampling request that reaches them.
        const forms = events.filter((item) => item.kind === 'elicitation-request');
        const refusals = events.filter((item) => item.kind === 'log');
        if (
          (event.kind === 'elicitation-request' || event.kind === 'log') &&
          forms.length + refusals.length === formsExpected
        )
          for (const form of forms)
            if (form.kind === 'elicitation-request')
              void host.execute({
                type: 'elicitation-answer',
                requestId: form.prompt.requestId,
                answer: { action: 'cancel' },
              });
        if (event.kind === 'sampling-request')
          queueMicrotask(
            () =>
              void host.execute({
                type: 'sampling-answer',
                requestId: event.prompt.requestId,
                answer: { action: 'approve', provider: { kind: 'demo' } },
              }),
          );
      },
      createModel: () => model,
      createId: (prefix) => `${prefix}-${++ids}`,
      now: () => 0,
      servers: () => ({}) as ServerRegistry,
    });
    const config: ServerConfig = { id: 'p', name: 'pushy', url: server.url, headers: {}, includeInstructions: false };
    connection = await connectMcpServer(config, host.extrasFor(config));
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  const call = async (name: string, input: Record<string, unknown>) =>
    textOf(await connection.tools.find((tool) => tool.name === `pushy__${name}`)?.run(input, context()));
  const warnings = () =>
    events.flatMap((event) =>
      event.kind === 'log' && event.entry.level === 'warning' ? [String(event.entry.data)] : [],
    );

  it(`shows at most ${MAX_WAITING_REQUESTS_PER_SERVER} forms of a server at once; the rest are refused, to it and in its log`, async () => {
    events.length = 0;
    formsExpected = 10;
    const outcomes = JSON.parse(await call('flood_forms', { count: 10 })) as string[];
    const shown = events.filter((event) => event.kind === 'elicitation-request');
    expect(shown).toHaveLength(MAX_WAITING_REQUESTS_PER_SERVER);
    expect(outcomes.filter((outcome) => outcome === 'answered')).toHaveLength(MAX_WAITING_REQUESTS_PER_SERVER);
    const refused = outcomes.filter((outcome) => outcome !== 'answered');
    expect(refused).toHaveLength(10 - MAX_WAITING_REQUESTS_PER_SERVER);
    for (const outcome of refused) expect(outcome).toContain('already wait for the person');
    expect(warnings()).toHaveLength(10 - MAX_WAITING_REQUESTS_PER_SERVER);
    // Once answered, the server may ask again.
    events.length = 0;
    formsExpected = 1;
    expect(JSON.parse(await call('flood_forms', { count: 1 }))).toEqual(['answered']);
  });

  it('refuses a sampling prompt too long to show before the person or the model sees it', async () => {
    events.length = 0;
    const requestsBefore = model.requests.length;
    const answer = await call('sample', { chars: MAX_SAMPLING_PROMPT_CHARS + 1, maxTokens: 100 });
    expect(answer).toContain('refused: ');
    expect(answer).toContain(
      `Loupe refused a sampling request of ${(MAX_SAMPLING_PROMPT_CHARS + 1).toLocaleString('en')} characters`,
    );
    expect(events.some((event) => event.kind === 'sampling-request')).toBe(false);
    expect(warnings()).toHaveLength(1);
    expect(model.requests).toHaveLength(requestsBefore);
  });

  it('lowers a sampling reply longer than the bound, and tells the person what the server asked', async () => {
    events.length = 0;
    expect(await call('sample', { chars: 10, maxTokens: 1_000_000 })).toBe('answered by scripted-model');
    const shown = events.find((event) => event.kind === 'sampling-request');
    expect(shown?.kind === 'sampling-request' && shown.prompt).toMatchObject({
      maxTokens: MAX_SAMPLING_TOKENS,
      askedMaxTokens: 1_000_000,
    });
    expect(model.requests.at(-1)?.maxTokens).toBe(MAX_SAMPLING_TOKENS);
  });
});
