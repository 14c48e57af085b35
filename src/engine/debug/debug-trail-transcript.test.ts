// The debugging trail stays with the run (issue 39 item 4): pauses (what held, where), breakpoint hits, approval
// answers and how far they reached, and edits at a pause are in the transcript, and come back on import.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../transcript/build-transcript';
import { migrateTranscript } from '../transcript/migrate-transcript';
import { transcriptToEvents } from '../transcript/transcript-to-events';
import { debugRun } from '../testing/debug-driver';
import { createInMemoryTool } from '../testing/in-memory-tool';

const meta = {
  createdAt: '2026-12-04T15:00:00.000Z',
  app: { name: 'Loupe', version: 'test' },
  settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
  servers: [],
};

/** A breakpoint on `clock`, an approval asked for `weather` (answered for the session), edits at both pauses. */
async function debuggedRun() {
  const weather = createInMemoryTool({ name: 'weather', inputSchema: { type: 'object' }, run: () => 'Sunny' });
  const clock = createInMemoryTool({ name: 'clock', run: () => 'noon' });
  const run = await debugRun({
    replies: [
      {
        content: [
          { type: 'tool_use', id: 'w1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'k1', name: 'clock', input: {} },
        ],
      },
      { content: [{ type: 'tool_use', id: 'w2', name: 'weather', input: { city: 'Oslo' } }] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ],
    tools: [weather, clock],
    policy: {
      mode: 'run',
      breakpoints: [{ id: 'bp1', enabled: true, kind: 'tool', toolName: 'clock' }],
      approval: { enabled: true, tools: { weather: 'ask' } },
    },
  })
    .send('Weather and time?')
    .expectPause('before-tool', 'weather')
    .answer({ type: 'edit-input', input: { city: 'Lyon' }, remember: 'session' }, 'run')
    .expectPause('before-tool', 'clock')
    .answer({ type: 'skip', content: [{ type: 'text', text: 'half past noon' }], isError: false }, 'run')
    .expectPause('before-tool', 'weather')
    .answer({ type: 'deny', message: 'Not Oslo.' }, 'run')
    .expectEnd('end_turn');
  return buildTranscript(run.events, meta);
}

describe('the debugging trail in the transcript', () => {
  it('records each pause: where, what held it, the answer and how far an approval reached', async () => {
    const transcript = await debuggedRun();
    expect(transcript.version).toBe(3);
    const pauses = transcript.rounds[0]?.pauses ?? [];
    expect(
      pauses.map((pause) => [pause.pause.kind, pause.pause.name, pause.reasons, pause.decision, pause.remember]),
    ).toEqual([
      ['before-tool', 'weather', [{ kind: 'approval', toolName: 'weather' }], 'edit-input', 'session'],
      [
        'before-tool',
        'clock',
        [{ kind: 'breakpoint', breakpointId: 'bp1', label: expect.stringContaining('clock') as unknown }],
        'skip',
        undefined,
      ],
    ]);
    expect(pauses.every((pause) => pause.endedAt !== undefined)).toBe(true);
    // A one-off answer has no reach beyond its call.
    expect(transcript.rounds[1]?.pauses?.map((pause) => [pause.decision, pause.remember])).toEqual([
      ['deny', undefined],
    ]);
    const calls = transcript.rounds[0]?.toolCalls ?? [];
    expect(calls.map((call) => call.edits.map((edit) => edit.what))).toEqual([['input'], ['skip']]);

    const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
    expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
  });

  it('comes back on import: the events of the file fold into the same pauses and edits', async () => {
    const transcript = await debuggedRun();
    const events = transcriptToEvents(JSON.parse(JSON.stringify(transcript)) as typeof transcript);
    expect(events.filter((event) => event.type === 'pause-start')).toHaveLength(3);
    expect(events.filter((event) => event.type === 'edit-apply')).toHaveLength(2);
    expect(buildTranscript(events, meta)).toEqual(transcript);
  });

  it('leaves out a pause still held when the file was written, and migrates version 2 files as they are', async () => {
    const transcript = await debuggedRun();
    const round = transcript.rounds[0]!;
    const [first, second] = round.pauses!;
    const { decision: _held, ...open } = second!;
    const held = { ...transcript, rounds: [{ ...round, pauses: [first!, open] }] };
    const events = transcriptToEvents(held);
    expect(events.filter((event) => event.type === 'pause-start')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'pause-end')).toHaveLength(1);

    const v2 = { version: 2, runId: 'r', rounds: [] };
    expect(migrateTranscript(v2)).toEqual({ ok: true, value: { ...v2, version: 3 }, from: 2, steps: 1 });
  });
});
