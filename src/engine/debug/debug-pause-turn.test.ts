import { describe, expect, it } from 'vitest';
import type { ApiBlock, ContentBlock } from '../message/message';
import { debugRun } from '../testing/debug-driver';

const search: ApiBlock = {
  type: 'api_block',
  block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
};
const found: ApiBlock = {
  type: 'api_block',
  block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result' }] },
};
const paused: ContentBlock[] = [{ type: 'text', text: 'Searching.' }, search, found];

describe('pause_turn in the debugger', () => {
  it('a breakpoint on pause_turn stops after the paused reply; going on sends the paused content back as it came', async () => {
    const { pauses, model, events } = await debugRun({
      replies: [{ content: paused, stopReason: 'pause_turn' }, { content: [{ type: 'text', text: 'Done.' }] }],
      tools: [],
      policy: { mode: 'run', breakpoints: [{ id: 'p', enabled: true, kind: 'stop-reason', stopReason: 'pause_turn' }] },
    })
      .send('Go.')
      .expectPause('after-reply')
      .continue()
      .expectEnd('end_turn');
    expect(pauses.map((pause) => [pause.kind, pause.round])).toEqual([['after-reply', 1]]);
    const continuation = model.requests[1]?.messages.at(-1);
    expect(continuation?.role).toBe('assistant');
    expect(continuation?.content).toEqual(paused);
    expect(JSON.stringify(continuation?.content[1])).toBe(JSON.stringify(search));
    const ends = events.filter((event) => event.type === 'response-end').map((event) => event.stopReason);
    expect(ends).toEqual(['pause_turn', 'end_turn']);
  });
});
