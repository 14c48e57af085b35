// The request fields of context management, the MCP connector and the memory tool as Loupe sends them, over real
// HTTP against the mock Messages API, which refuses what the API refuses: a wrong shape or a missing beta header
// fails here.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';
import { runToolLoop } from '../../engine/run/run-tool-loop';
import { collectRun } from '../../engine/testing/collect-run';
import { createInMemoryTool } from '../../engine/testing/in-memory-tool';
import { createRunEnvironment } from '../../worker/create-run-environment';
import { defaultApiToolSettings, defaultContextManagement, type ApiToolSettings } from '../../shared/api-tool-settings';
import type { ConnectorServer } from '../../shared/connector-server';
import { createAnthropicModel, type AnthropicModelConfig } from './create-anthropic-model';

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const calc = createInMemoryTool({ name: 'calc', run: () => 'ok' });

async function runOnce(config: Partial<AnthropicModelConfig>, tools = [calc]) {
  api.enqueue({ content: [{ type: 'text', text: 'Done.' }] });
  const model = createAnthropicModel({
    apiKey: 'k',
    baseUrl: api.url,
    model: 'claude-sonnet-4-5',
    maxRetries: 0,
    ...config,
  });
  const handle = runToolLoop({
    model,
    tools,
    history: [],
    userMessage: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    environment: createRunEnvironment(),
  });
  const run = await collectRun(handle);
  const request = api.requests.filter((entry) => entry.path === '/v1/messages').at(-1);
  return { run, body: request?.body as Record<string, unknown>, headers: request?.headers ?? {} };
}

const withEdits = (edits: Partial<typeof defaultContextManagement>): ApiToolSettings => ({
  ...defaultApiToolSettings,
  contextManagement: { ...defaultContextManagement, ...edits },
});

describe('context management', () => {
  it('sends the edits with their beta header, clear_thinking first and only with thinking on', async () => {
    const apiTools = withEdits({
      clearToolUses: { enabled: true, triggerInputTokens: 30_000, keepToolUses: 2, clearToolInputs: true },
      clearThinking: { enabled: true, keepTurns: 1 },
    });
    const thinking = await runOnce({ apiTools, thinking: { budgetTokens: 2048 } });
    expect(thinking.run.result.finishReason).toBe('end_turn');
    expect(thinking.headers['anthropic-beta']).toBe('context-management-2025-06-27');
    expect(thinking.body['context_management']).toEqual({
      edits: [
        { type: 'clear_thinking_20251015', keep: { type: 'thinking_turns', value: 1 } },
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 30_000 },
          keep: { type: 'tool_uses', value: 2 },
          clear_tool_inputs: true,
        },
      ],
    });
    const plain = await runOnce({ apiTools });
    expect(plain.run.result.finishReason).toBe('end_turn');
    expect((plain.body['context_management'] as { edits: { type: string }[] }).edits.map((edit) => edit.type)).toEqual([
      'clear_tool_uses_20250919',
    ]);
  });

  it('sends compaction with its own beta, and no beta header at all when nothing needs one', async () => {
    const compact = await runOnce({ apiTools: withEdits({ compact: { enabled: true, triggerInputTokens: 80_000 } }) });
    expect(compact.headers['anthropic-beta']).toBe('compact-2026-01-12');
    const none = await runOnce({ apiTools: { ...defaultApiToolSettings, codeExecution: { enabled: true } } });
    expect(none.headers['anthropic-beta']).toBeUndefined();
    expect(none.body).not.toHaveProperty('context_management');
  });
});

describe('the MCP connector', () => {
  const servers: ConnectorServer[] = [
    { name: 'docs', url: 'https://mcp.example.com/mcp' },
    { name: 'crm', url: 'https://crm.example.com/mcp', authorizationToken: 'tok-secret-1234567890' },
  ];

  it('names each server with one toolset, the token only where allowed, and records the token as REDACTED', async () => {
    const { run, body, headers } = await runOnce({ connectorServers: servers });
    expect(run.result.finishReason).toBe('end_turn');
    expect(headers['anthropic-beta']).toBe('mcp-client-2025-11-20');
    expect(body['mcp_servers']).toEqual([
      { type: 'url', name: 'docs', url: 'https://mcp.example.com/mcp' },
      { type: 'url', name: 'crm', url: 'https://crm.example.com/mcp', authorization_token: 'tok-secret-1234567890' },
    ]);
    expect(
      (body['tools'] as { type?: string; mcp_server_name?: string }[]).filter((tool) => tool.type === 'mcp_toolset'),
    ).toEqual([
      { type: 'mcp_toolset', mcp_server_name: 'docs' },
      { type: 'mcp_toolset', mcp_server_name: 'crm', cache_control: { type: 'ephemeral' } },
    ]);
    // What Loupe keeps of the request (transcript, session) never holds the token.
    expect(JSON.stringify(run.events)).not.toContain('tok-secret-1234567890');
    expect(JSON.stringify(run.events)).toContain('"authorization_token":"REDACTED"');
  });
});

describe('strict tools and calls from code', () => {
  const both = { ...calc, strict: true, callableFromCode: true };

  it('sends strict, and allowed_callers only beside code execution (the API refuses a caller it does not have)', async () => {
    const withCode = await runOnce({ apiTools: { ...defaultApiToolSettings, codeExecution: { enabled: true } } }, [
      both,
    ]);
    expect(withCode.run.result.finishReason).toBe('end_turn');
    expect((withCode.body['tools'] as Record<string, unknown>[])[0]).toMatchObject({
      name: 'calc',
      strict: true,
      allowed_callers: ['direct', 'code_execution_20250825'],
    });
    const without = await runOnce({}, [both]);
    expect(without.run.result.finishReason).toBe('end_turn');
    expect((without.body['tools'] as Record<string, unknown>[])[0]).not.toHaveProperty('allowed_callers');
    // The transcript's tools say what was chosen, in the engine's words.
    const start = without.run.events.find((event) => event.type === 'run-start');
    expect(start?.type === 'run-start' && start.tools[0]).toMatchObject({ strict: true, callable_from_code: true });
  });
});

describe('a tool pinned beside tool search', () => {
  it('goes loaded while the others are deferred, and the transcript says it was pinned', async () => {
    const other = createInMemoryTool({ name: 'other', run: () => 'ok' });
    const apiTools = { ...defaultApiToolSettings, toolSearch: { ...defaultApiToolSettings.toolSearch, enabled: true } };
    const { run, body } = await runOnce({ apiTools }, [{ ...calc, pinned: true }, other]);
    expect(run.result.finishReason).toBe('end_turn');
    const [pinned, deferred] = body['tools'] as Record<string, unknown>[];
    expect(pinned?.['name']).toBe('calc');
    expect(Object.keys(pinned ?? {}).sort()).toEqual(['description', 'input_schema', 'name']);
    expect(deferred).toMatchObject({ name: 'other', defer_loading: true });
    const start = run.events.find((event) => event.type === 'run-start');
    expect(start?.type === 'run-start' && start.tools[0]).toMatchObject({ name: 'calc', pinned: true });
  });
});

describe('the mock refuses what the API refuses', () => {
  async function post(body: Record<string, unknown>, beta?: string) {
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', ...(beta ? { 'anthropic-beta': beta } : {}) },
      body: JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
    return { status: response.status, text: await response.text() };
  }
  const tool = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    input_schema: { type: 'object' },
    ...extra,
  });

  it.each([
    [
      'context management without its beta header',
      { context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] } },
      undefined,
      'context-management-2025-06-27',
    ],
    [
      'clear_thinking without thinking',
      { context_management: { edits: [{ type: 'clear_thinking_20251015' }] } },
      'context-management-2025-06-27',
      'requires thinking',
    ],
    [
      'mcp_servers without a toolset',
      { mcp_servers: [{ type: 'url', name: 'a', url: 'https://a.example/mcp' }] },
      'mcp-client-2025-11-20',
      'exactly one',
    ],
    [
      'mcp_servers without the beta',
      {
        mcp_servers: [{ type: 'url', name: 'a', url: 'https://a.example/mcp' }],
        tools: [{ type: 'mcp_toolset', mcp_server_name: 'a' }],
      },
      undefined,
      'mcp-client-2025-11-20',
    ],
    [
      'an http MCP server',
      {
        mcp_servers: [{ type: 'url', name: 'a', url: 'http://a.example/mcp' }],
        tools: [{ type: 'mcp_toolset', mcp_server_name: 'a' }],
      },
      'mcp-client-2025-11-20',
      'https',
    ],
    [
      'two tools of one name',
      { tools: [tool('memory'), { type: 'memory_20250818', name: 'memory' }] },
      undefined,
      'unique',
    ],
    [
      'deferred tools without tool search',
      { tools: [tool('a', { defer_loading: true }), tool('b')] },
      undefined,
      'tool search',
    ],
    [
      'a code caller without code execution',
      { tools: [tool('a', { allowed_callers: ['code_execution_20250825'] })] },
      undefined,
      'requires',
    ],
    ['a strict that is not a boolean', { tools: [tool('a', { strict: 'yes' })] }, undefined, 'boolean'],
  ])('%s', async (_name, body, beta, words) => {
    const answer = await post(body, beta);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(words);
  });
});
