import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../engine/model/model';
import { buildAnthropicParams, describeAnthropicRequest } from './build-anthropic-params';
import { pdfCallTurns } from '../../engine/testing/pdf-call-turns';

const tool = (name: string) => ({ name, description: name, input_schema: { type: 'object' } });

const request: ModelRequest = {
  system: 'Sys.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Need a tool.', signature: 'sig-A' },
        { type: 'tool_use', id: 't1', name: 'b', input: {} },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'ok' }] }] },
  ],
  tools: [tool('a'), tool('b')],
  maxTokens: 1000,
  temperature: 0.5,
  toolChoice: { type: 'any' },
};

describe('buildAnthropicParams', () => {
  it('puts cache breakpoints on the last tool, the system prompt and the last user message', () => {
    const params = buildAnthropicParams(request, { model: 'claude-sonnet-4-5' });
    expect(params.tools?.map((entry) => 'cache_control' in entry && entry.cache_control)).toEqual([
      false,
      { type: 'ephemeral' },
    ]);
    expect(params.system).toEqual([{ type: 'text', text: 'Sys.', cache_control: { type: 'ephemeral' } }]);
    expect(params.messages.at(-1)?.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: [{ type: 'text', text: 'ok' }],
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(params.messages[0]?.content).toEqual([{ type: 'text', text: 'Weather?' }]);
    expect(params).toMatchObject({ max_tokens: 1000, temperature: 0.5, tool_choice: { type: 'any' } });
    expect(params).not.toHaveProperty('thinking');
  });

  it('sends no breakpoints when caching is off', () => {
    const params = buildAnthropicParams(request, { model: 'm', promptCaching: false });
    expect(JSON.stringify(params)).not.toContain('cache_control');
    expect(params.system).toBe('Sys.');
  });

  it('turns thinking on with its budget on top of max tokens, keeping signed thinking blocks', () => {
    const params = buildAnthropicParams(request, { model: 'm', thinking: { budgetTokens: 2048 } });
    expect(params.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(params.max_tokens).toBe(3048);
    // The API refuses temperature and forced tool use with thinking.
    expect(params).not.toHaveProperty('temperature');
    expect(params.tool_choice).toEqual({ type: 'auto' });
    expect(params.messages[1]?.content).toContainEqual({
      type: 'thinking',
      thinking: 'Need a tool.',
      signature: 'sig-A',
    });
  });

  it("leaves out unsigned thinking (another provider's reasoning), which the API would refuse", () => {
    const params = buildAnthropicParams(
      {
        ...request,
        messages: [
          request.messages[0]!,
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'Reasoning from a local server.', signature: '' },
              { type: 'tool_use', id: 't1', name: 'b', input: {} },
            ],
          },
          request.messages[2]!,
        ],
      },
      { model: 'm' },
    );
    expect(params.messages[1]?.content).toEqual([{ type: 'tool_use', id: 't1', name: 'b', input: {} }]);
  });

  it('sends redacted thinking back unchanged and PDF documents inside tool results', () => {
    const pdf = { type: 'base64' as const, media_type: 'application/pdf' as const, data: 'JVBERi0=' };
    const params = buildAnthropicParams(
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Read it.' }] },
          ...pdfCallTurns('t1', [
            { type: 'text', text: 'Here:' },
            { type: 'document', source: pdf },
          ]),
        ],
        tools: [tool('pdf')],
        maxTokens: 100,
      },
      { model: 'm', thinking: { budgetTokens: 1024 } },
    );
    expect(params.messages[1]?.content).toEqual([
      { type: 'redacted_thinking', data: 'opaque==' },
      { type: 'tool_use', id: 't1', name: 'pdf', input: {} },
    ]);
    const result = (params.messages[2]?.content as Array<{ type: string; content?: unknown }>)[0];
    expect(result?.content).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'document', source: pdf },
    ]);
  });

  it('asks for adaptive thinking when no budget is set', () => {
    expect(buildAnthropicParams(request, { model: 'm', thinking: {} }).thinking).toEqual({ type: 'adaptive' });
  });

  it('describes the request without its content', () => {
    const params = buildAnthropicParams(request, { model: 'claude-x', thinking: {} });
    expect(describeAnthropicRequest('https://api.anthropic.com/', params)).toBe(
      'POST https://api.anthropic.com/v1/messages (model claude-x, 3 messages, 2 tools, max_tokens 1000, thinking adaptive)',
    );
  });
});
