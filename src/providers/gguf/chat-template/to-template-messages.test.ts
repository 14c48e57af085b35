import { describe, expect, it } from 'vitest';
import { foldSystemIntoFirstUser, templateCallId, toTemplateMessages, toTemplateTools } from './to-template-messages';

describe('toTemplateMessages', () => {
  it('writes calls as tool_calls and each result as a tool message, in order, without thinking', () => {
    const messages = toTemplateMessages('Be brief.', [
      { role: 'user', content: [{ type: 'text', text: 'Two cities?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Both.', signature: '' },
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'toolu_a', name: 'weather', input: { city: 'Oslo' } },
          { type: 'tool_use', id: 'toolu_b', name: 'weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: '4°C' }] },
          { type: 'tool_result', tool_use_id: 'toolu_b', content: [{ type: 'text', text: 'down' }], is_error: true },
          { type: 'text', text: 'And?' },
        ],
      },
    ]);
    const a = templateCallId('toolu_a');
    const b = templateCallId('toolu_b');
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Two cities?' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: a, type: 'function', function: { name: 'weather', arguments: { city: 'Oslo' } } },
          { id: b, type: 'function', function: { name: 'weather', arguments: { city: 'Rome' } } },
        ],
      },
      { role: 'tool', content: '4°C', tool_call_id: a, name: 'weather' },
      { role: 'tool', content: 'Error: down', tool_call_id: b, name: 'weather' },
      { role: 'user', content: 'And?' },
    ]);
  });

  it('makes call ids Mistral takes: 9 alphanumeric characters, the same for the same id, apart for others', () => {
    const ids = ['toolu_1', 'toolu_2', 'call_x', '', 'ü'.repeat(300)].map(templateCallId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(templateCallId('toolu_1')).toBe(ids[0]);
  });

  it('says what a template cannot show (an image) instead of dropping it', () => {
    const [message] = toTemplateMessages(undefined, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'See ' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } },
        ],
      },
    ]);
    expect(message).toEqual({ role: 'user', content: 'See [image]' });
  });
});

describe('toTemplateTools and foldSystemIntoFirstUser', () => {
  it('lists tools as {type: function, function: {name, description, parameters}}', () => {
    const schema = { type: 'object', properties: {} };
    expect(toTemplateTools([{ name: 't', description: 'd', input_schema: schema }])).toEqual([
      { type: 'function', function: { name: 't', description: 'd', parameters: schema } },
    ]);
  });

  it('moves the system prompt to the top of the first user message', () => {
    expect(
      foldSystemIntoFirstUser([
        { role: 'system', content: 'S' },
        { role: 'user', content: 'U' },
        { role: 'assistant', content: 'A' },
        { role: 'user', content: 'V' },
      ]),
    ).toEqual([
      { role: 'user', content: 'S\n\nU' },
      { role: 'assistant', content: 'A' },
      { role: 'user', content: 'V' },
    ]);
    expect(foldSystemIntoFirstUser([{ role: 'system', content: 'S' }])).toEqual([{ role: 'user', content: 'S' }]);
  });
});
