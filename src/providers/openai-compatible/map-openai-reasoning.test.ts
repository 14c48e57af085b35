import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../../engine/model/model';
import { createOpenAIStreamMapper } from './map-openai-chunks';
import type { OpenAIChunk, OpenAIDelta } from './openai-wire-types';

const mapAll = (deltas: OpenAIDelta[], finish = 'stop') => {
  const mapper = createOpenAIStreamMapper(() => 'call_generated');
  const chunks: OpenAIChunk[] = [
    ...deltas.map((delta) => ({ choices: [{ index: 0, delta }] })),
    { choices: [{ index: 0, delta: {}, finish_reason: finish }] },
  ];
  return [...chunks.flatMap((chunk) => mapper.map(chunk)), ...mapper.finish(true)];
};

/** The reply's blocks as the engine will assemble them: kind and text, in index order. */
function blocksOf(parts: ModelStreamPart[]): [string, string][] {
  const blocks = new Map<number, [string, string]>();
  for (const part of parts) {
    if (part.type === 'text-start') blocks.set(part.index, ['text', '']);
    if (part.type === 'thinking-start') blocks.set(part.index, ['thinking', '']);
    if (part.type === 'tool-use-start') blocks.set(part.index, ['tool', part.name]);
    const block = 'index' in part ? blocks.get(part.index) : undefined;
    if (block && part.type === 'text-delta') block[1] += part.text;
    if (block && part.type === 'thinking-delta') block[1] += part.thinking;
  }
  return [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
}

const call = { tool_calls: [{ index: 0, id: 'c1', function: { name: 'get', arguments: '{}' } }] };

describe('reasoning and stray whitespace in Chat Completions streams', () => {
  it('reads reasoning_content and reasoning alike, and a delta carrying both (vLLM in transition) only once', () => {
    expect(blocksOf(mapAll([{ reasoning_content: 'Plan' }, { reasoning: ' more' }, { content: 'Hi' }]))).toEqual([
      ['thinking', 'Plan more'],
      ['text', 'Hi'],
    ]);
    expect(blocksOf(mapAll([{ reasoning_content: 'Same', reasoning: 'Same' }]))).toEqual([['thinking', 'Same']]);
  });

  it('ends the thinking block before the text starts and opens a new one for reasoning after text', () => {
    const parts = mapAll([{ reasoning: 'a' }, { content: 'b' }, { reasoning: 'c' }, call], 'tool_calls');
    expect(parts.filter((part) => part.type.endsWith('-start') || part.type === 'block-end')).toEqual([
      { type: 'response-start' },
      { type: 'thinking-start', index: 0 },
      { type: 'block-end', index: 0 },
      { type: 'text-start', index: 1 },
      { type: 'block-end', index: 1 },
      { type: 'thinking-start', index: 2 },
      { type: 'block-end', index: 2 },
      { type: 'tool-use-start', index: 3, id: 'c1', name: 'get' },
      { type: 'block-end', index: 3 },
    ]);
  });

  it('ignores reasoning and content that are not text (a broken or hostile server)', () => {
    const odd = {
      reasoning_content: 42,
      reasoning: { text: 'x' },
      content: ['y', null, { type: 'text', text: 7 }, { type: 'thinking', thinking: { a: 1 } }],
    } as unknown as OpenAIDelta;
    expect(blocksOf(mapAll([odd, { content: { text: 'z' } } as unknown as OpenAIDelta, { content: 'ok' }]))).toEqual([
      ['text', 'ok'],
    ]);
  });

  it('reads content sent as parts, with thinking parts as reasoning (Mistral reasoning models)', () => {
    const thinking = { type: 'thinking', thinking: [{ type: 'text', text: 'Let me see' }] };
    expect(blocksOf(mapAll([{ content: [thinking] }, { content: [{ type: 'text', text: 'Sunny.' }] }]))).toEqual([
      ['thinking', 'Let me see'],
      ['text', 'Sunny.'],
    ]);
  });

  it('stores no text for whitespace beside a tool call, before or after it', () => {
    expect(blocksOf(mapAll([{ reasoning_content: 'r' }, { content: '\n' }, call], 'tool_calls'))).toEqual([
      ['thinking', 'r'],
      ['tool', 'get'],
    ]);
    expect(blocksOf(mapAll([{ content: ' \n\t' }, { content: '\r\n' }, call], 'tool_calls'))).toEqual([
      ['tool', 'get'],
    ]);
    expect(blocksOf(mapAll([call, { content: '\n\n' }], 'tool_calls'))).toEqual([['tool', 'get']]);
  });

  it('keeps whitespace that belongs to real text exactly, leading whitespace included', () => {
    expect(blocksOf(mapAll([{ content: '\n' }, { content: '  ' }, { content: 'Hi\n\n' }, { content: '\n' }]))).toEqual([
      ['text', '\n  Hi\n\n\n'],
    ]);
    expect(blocksOf(mapAll([{ content: 'Checking.\n' }, call], 'tool_calls'))).toEqual([
      ['text', 'Checking.\n'],
      ['tool', 'get'],
    ]);
  });

  it('keeps a whitespace-only reply that has no tool call: it is the whole answer', () => {
    expect(blocksOf(mapAll([{ reasoning_content: 'r' }, { content: '\n' }]))).toEqual([
      ['thinking', 'r'],
      ['text', '\n'],
    ]);
  });

  it('never loses or changes text that has any visible character, however it is split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('\n', ' ', '\t', 'a', 'é', '✓', '\r\n', '  x'), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (pieces, withCall) => {
          const text = pieces.join('');
          const blocks = blocksOf(
            mapAll([...pieces.map((content) => ({ content })), ...(withCall ? [call] : [])], 'tool_calls'),
          );
          const texts = blocks.filter(([kind]) => kind === 'text').map(([, value]) => value);
          if (/\S/.test(text) || !withCall) expect(texts).toEqual([text]);
          else expect(texts).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
