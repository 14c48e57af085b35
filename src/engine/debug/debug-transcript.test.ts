import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../message/message';
import { buildTranscript } from '../transcript/build-transcript';
import { debugRun } from '../testing/debug-driver';
import { createInMemoryTool } from '../testing/in-memory-tool';

const text = (value: string): TextBlock => ({ type: 'text', text: value });
const meta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  app: { name: 'Loupe', version: 'test' },
  settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
  servers: [],
};

describe('edits in the transcript', () => {
  it('records request, input and result edits (what, before, after) and stays schema-valid', async () => {
    const tool = createInMemoryTool({ name: 'weather', run: (input) => `Sunny in ${String(input['city'])}` });
    const { events } = await debugRun({
      replies: [
        { content: [{ type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Paris' } }] },
        { content: [text('Done')] },
      ],
      tools: [tool],
    })
      .send('Hi')
      .editRequest({ system: 'Be terse.' })
      .step()
      .editInput({ city: 'Oslo' })
      .expectPause('after-tool')
      .editResult('Snow')
      .continue()
      .expectEnd('end_turn');
    const transcript = buildTranscript(events, meta);
    expect(transcript.rounds[0]?.edits).toEqual([{ what: 'request.system', before: '', after: 'Be terse.' }]);
    expect(transcript.rounds[0]?.request.system).toBe('Be terse.');
    const call = transcript.rounds[0]?.toolCalls[0];
    expect(call).toMatchObject({ input: { city: 'Oslo' }, status: 'ok', content: [text('Snow')] });
    expect(call?.edits.map((edit) => edit.what)).toEqual(['input', 'result']);
    expect(call?.edits[1]).toEqual({ what: 'result', before: [text('Sunny in Oslo')], after: [text('Snow')] });

    const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
    const withBranch = {
      ...transcript,
      branches: [
        {
          runId: 'run_2',
          name: 'Fork of round 1',
          parentRunId: transcript.runId,
          forkRound: 1,
          messages: transcript.messages.slice(0, 1),
          rounds: [],
          finishReason: null,
          usage: transcript.usage,
        },
      ],
    };
    expect(new Validator(schema, '2020-12', false).validate(withBranch).errors).toEqual([]);
  });
});
