import { describe, expect, it } from 'vitest';
import { debugRun } from '../testing/debug-driver';
import { createInMemoryTool } from '../testing/in-memory-tool';

const weather = () => createInMemoryTool({ name: 'weather', inputSchema: { type: 'object' }, run: () => 'Sunny' });

describe('approval answers that reach beyond the call', () => {
  it('records on pause-end how far an approval or a denial reached, and nothing for a one-off', async () => {
    const driver = debugRun({
      replies: [
        { content: [{ type: 'tool_use', id: 'c1', name: 'weather', input: { day: 1 } }] },
        { content: [{ type: 'tool_use', id: 'c2', name: 'weather', input: { day: 2 } }] },
        { content: [{ type: 'tool_use', id: 'c3', name: 'weather', input: { day: 3 } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
      tools: [weather()],
      policy: { mode: 'run', approval: { enabled: true, tools: { weather: 'ask' } } },
    });
    const run = await driver
      .send('Weather?')
      .expectPause('before-tool')
      .answer({ type: 'continue' }, 'run')
      .expectPause('before-tool')
      .answer({ type: 'continue', remember: 'session' }, 'run')
      .expectPause('before-tool')
      .answer({ type: 'deny', message: '', remember: 'always' }, 'run')
      .expectEnd('end_turn');
    const ends = run.events.flatMap((event) => (event.type === 'pause-end' ? [event] : []));
    expect(ends.map((end) => [end.decision, end.remember])).toEqual([
      ['continue', undefined],
      ['continue', 'session'],
      ['deny', 'always'],
    ]);
    expect('remember' in (ends[0] ?? {})).toBe(false);
  });
});
