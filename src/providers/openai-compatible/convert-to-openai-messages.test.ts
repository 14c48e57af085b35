import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/message/message';
import { convertToOpenAIMessages } from './convert-to-openai-messages';
import type { OpenAIMessage } from './openai-wire-types';
import { convertToOpenAIToolChoice, convertToOpenAITools } from './convert-to-openai-tools';
import { pdfCallTurns } from '../../engine/testing/pdf-call-turns';

const png = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png', data: 'iVBORw0' } };

const history: Message[] = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Look at this and the notes.' },
      png,
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Notes: rain.' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' } },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'Plan.', signature: 'sig' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'call_1', name: 'media__image', input: {} },
      { type: 'tool_use', id: 'call_2', name: 'demo__weather_get', input: { city: 'Oslo' } },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'A chart.' }, png, png] },
      { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: 'down' }], is_error: true },
      { type: 'text', text: 'Go on.' },
    ],
  },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'call_3', name: 'demo__weather_get', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_3', content: [png] }] },
];

describe('convertToOpenAIMessages', () => {
  it('converts every block type, with tool images in one following user message', () => {
    const messages = convertToOpenAIMessages('Be brief.', history, { vision: true });
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look at this and the notes.' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
          { type: 'text', text: 'Notes: rain.' },
          { type: 'text', text: '[A PDF document was attached; it cannot be sent to this endpoint.]' },
        ],
      },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'media__image', arguments: '{}' } },
          { id: 'call_2', type: 'function', function: { name: 'demo__weather_get', arguments: '{"city":"Oslo"}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'A chart.\n[image: sent in the next user message]\n[image: sent in the next user message]',
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'Error: down' },
      {
        role: 'user',
        content: [
          { type: 'text', text: '2 images returned by media__image (call call_1):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
          { type: 'text', text: 'Go on.' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'demo__weather_get', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_3', content: '[image: sent in the next user message]' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'An image returned by demo__weather_get (call call_3):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0' } },
        ],
      },
    ]);
  });

  it('sends a placeholder line instead of images to a model without vision', () => {
    const messages = convertToOpenAIMessages(undefined, history, { vision: false });
    expect(JSON.stringify(messages)).not.toContain('image_url');
    expect(messages[0]?.role).toBe('user');
    expect(messages[0]?.content).toContain('this model does not read images');
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: '[An image returned by demo__weather_get (call call_3) not shown: this model does not read images.]',
    });
  });

  it('drops redacted thinking and names a PDF in a tool result with its size', () => {
    const messages = convertToOpenAIMessages(
      undefined,
      [
        { role: 'user', content: [{ type: 'text', text: 'Read it.' }] },
        ...pdfCallTurns('c1', [
          { type: 'text', text: 'The report:' },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } },
        ]),
      ],
      { vision: true },
    );
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'pdf', arguments: '{}' } }],
      },
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: "The report:\n[PDF document: 8 bytes — this model's API takes no documents in tool results]",
      },
    ]);
  });

  it('sends plain text user messages as strings', () => {
    expect(
      convertToOpenAIMessages(undefined, [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], {
        vision: false,
      }),
    ).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});

describe('assistant messages from reasoning models', () => {
  const use = { type: 'tool_use' as const, id: 'c1', name: 'get', input: { a: 1 } };
  const toolCalls = [{ id: 'c1', type: 'function', function: { name: 'get', arguments: '{"a":1}' } }];
  const result: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: [] }] };
  const assistant = (...content: Message['content']): OpenAIMessage | undefined =>
    convertToOpenAIMessages(undefined, [{ role: 'assistant', content }, result], { vision: false })[0];

  it('sends whitespace-only text beside tool calls as content null (stored before the fix, or imported)', () => {
    expect(assistant({ type: 'text', text: '\n' }, use)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: toolCalls,
    });
    expect(assistant({ type: 'text', text: ' \r\n\t ' }, use)).toMatchObject({ content: null });
  });

  it('keeps text with any visible character exactly, and whitespace-only text without tool calls', () => {
    expect(assistant({ type: 'text', text: '\n  Checking.\n' }, use)).toMatchObject({ content: '\n  Checking.\n' });
    expect(assistant({ type: 'text', text: '\n' })).toEqual({ role: 'assistant', content: '\n' });
  });

  it('leaves thinking out unless asked, then sends it as reasoning_content (never redacted thinking)', () => {
    const content: Message['content'] = [
      { type: 'thinking', thinking: 'Plan', signature: '' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'thinking', thinking: ' more', signature: 'sig' },
      use,
    ];
    const history: Message[] = [{ role: 'assistant', content }, result];
    expect(convertToOpenAIMessages(undefined, history, { vision: false })[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: toolCalls,
    });
    expect(convertToOpenAIMessages(undefined, history, { vision: false, sendReasoning: true })[0]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: toolCalls,
      reasoning_content: 'Plan more',
    });
    const plain: Message[] = [{ role: 'assistant', content: [{ type: 'text', text: 'Hi' }] }];
    expect(convertToOpenAIMessages(undefined, plain, { vision: false, sendReasoning: true })).toEqual([
      { role: 'assistant', content: 'Hi' },
    ]);
  });
});

describe('tools and tool choice', () => {
  it('converts definitions to function tools', () => {
    expect(convertToOpenAITools([{ name: 'get', description: 'Get it', input_schema: { properties: {} } }])).toEqual([
      {
        type: 'function',
        function: { name: 'get', description: 'Get it', parameters: { properties: {}, type: 'object' } },
      },
    ]);
  });

  it('maps each tool choice', () => {
    expect(convertToOpenAIToolChoice({ type: 'auto' })).toBe('auto');
    expect(convertToOpenAIToolChoice({ type: 'none' })).toBe('none');
    expect(convertToOpenAIToolChoice({ type: 'any' })).toBe('required');
    expect(convertToOpenAIToolChoice({ type: 'tool', name: 'get' })).toEqual({
      type: 'function',
      function: { name: 'get' },
    });
  });
});

describe('convertToOpenAIMessages with blocks of the Anthropic API’s own', () => {
  it('says what each was in text (a fork of an Anthropic run), never sending the raw block or crashing', () => {
    const history: Message[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Search.' },
          { type: 'api_block', block: { type: 'container_upload', file_id: 'f1' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          {
            type: 'api_block',
            block: { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'q' } },
          },
          { type: 'api_block', block: { type: 'web_search_tool_result', tool_use_id: 's1', content: [] } },
          { type: 'api_block', block: { type: 'hologram', odd: { deep: [null] } } },
          { type: 'text', text: 'Found.', citations: [{ type: 'web_search_result_location', url: 'https://a' }] },
        ],
      },
    ];
    const messages = convertToOpenAIMessages(undefined, history, { vision: false });
    expect(messages).toEqual([
      { role: 'user', content: 'Search.\n[container_upload]' },
      {
        role: 'assistant',
        content:
          'Looking.\n[server_tool_use web_search] {"query":"q"}\n\n[web_search_tool_result for s1] []\n\n[hologram]\nFound.',
      },
    ]);
  });
});
