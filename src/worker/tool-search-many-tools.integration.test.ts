// Tool search over a real MCP server with 300 tools (more than the 128 a request may load): every tool goes with
// defer_loading, the search tool loaded, the mock Messages API (which refuses a wrong deferral) accepts it, the
// model finds one tool and calls it, and Loupe runs that call against the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { toolSearchReply } from '../../e2e/fixtures/mock-server-tool-replies';
import { startManyToolsServer } from '../../test/servers/many-tools-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { defaultApiToolSettings } from '../shared/api-tool-settings';
import { createHostHarness } from './testing/create-host-harness';

let api: MockMessagesApi;
let big: McpHttpHandle;
beforeAll(async () => {
  [api, big] = await Promise.all([startMockMessagesApi(), startManyToolsServer({}, 300)]);
});
afterAll(async () => {
  await Promise.all([api.close(), big.close()]);
});

describe('tool search over 300 tools', () => {
  it('defers them all, and the tool the model finds is called on the server', async () => {
    const harness = createHostHarness();
    await harness.send({
      type: 'server-add',
      server: { id: 'b', name: 'big', url: big.url, headers: {}, includeInstructions: false },
    });
    const state = await harness.waitFor((messages) =>
      messages.flatMap((m) => (m.type === 'server-state' && m.state.status !== 'connecting' ? [m.state] : [])).at(-1),
    );
    expect(state.tools).toHaveLength(300);

    const found = toolSearchReply('tool_25', ['big__tool_250']);
    api.enqueue({
      content: [
        ...found.content.slice(0, 2),
        { type: 'tool_use', id: 'toolu_found', name: 'big__tool_250', input: { query: 'tides' } },
      ],
      stop_reason: 'tool_use',
    });
    api.enqueue({ content: [{ type: 'text', text: 'High tide at noon.' }] });
    const apiTools = {
      ...defaultApiToolSettings,
      toolSearch: { enabled: true, variant: 'regex' as const, defer: 'all' as const },
    };
    await harness.send({
      type: 'run-start',
      runId: 'ts-1',
      settings: {
        provider: { kind: 'anthropic', apiKey: 'k', baseUrl: api.url, model: 'claude-sonnet-4-5', apiTools },
        system: '',
        maxRounds: 4,
        maxTokens: 256,
      },
      message: 'When is high tide?',
    });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'ts-1' && m.event.type === 'run-end'),
    );
    expect(harness.runEvents('ts-1').at(-1)).toMatchObject({ type: 'run-end', finishReason: 'end_turn' });

    const bodies = api.requests.filter((r) => r.path === '/v1/messages').map((r) => r.body as Record<string, unknown>);
    const tools = bodies[0]?.['tools'] as { name: string; type?: string; defer_loading?: boolean }[];
    expect(tools).toHaveLength(301);
    expect(tools.slice(0, 300).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(tools[300]).toMatchObject({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' });
    expect(tools[300]).not.toHaveProperty('defer_loading');
    // The server answered the call; the tool search blocks went back verbatim before it.
    const second = JSON.stringify(bodies[1]?.['messages']);
    expect(second).toContain('tool_250: tides');
    expect(second).toContain('"tool_name":"big__tool_250"');
    await harness.host.dispose();
  });
});
