import { describe, expect, it } from 'vitest';
import { createHistoryCompactor, expandHistories } from './compact-request-history';

const message = (text: string, cache = false) => ({
  role: 'user',
  content: [{ type: 'text', text, ...(cache ? { cache_control: { type: 'ephemeral' } } : {}) }],
});

describe('request history compaction', () => {
  it('keeps the shared prefix only, byte-exact, and expands back to the very bodies', () => {
    const compact = createHistoryCompactor();
    // The Anthropic provider marks the last user block for the cache: that message differs next round.
    const bodies = [
      { model: 'm', messages: [message('a', true)], stream: true },
      { model: 'm', messages: [message('a'), message('b'), message('c', true)], stream: true },
      { model: 'm', messages: [message('a'), message('b'), message('c'), message('d', true)], stream: true },
      { model: 'm', messages: [message('z')] },
    ];
    const records = bodies.map((body) => compact(body));
    expect(records.map((record) => record.history?.kept)).toEqual([0, 0, 2, 0]);
    expect(records[2]?.history?.added).toEqual([message('c'), message('d', true)]);
    expect(records[2]?.body).toEqual({ model: 'm', stream: true });
    expect(expandHistories(records).map((record) => record?.body)).toEqual(bodies);
    for (const [index, record] of expandHistories(records).entries())
      expect(JSON.stringify(record?.body)).toBe(
        JSON.stringify({ ...records[index]?.body, messages: bodies[index]?.messages }),
      );
  });

  it('treats other key order as a different message (the record must be exact)', () => {
    const compact = createHistoryCompactor();
    compact({ messages: [{ role: 'user', content: 'x' }] });
    expect(compact({ messages: [{ content: 'x', role: 'user' }] }).history?.kept).toBe(0);
  });

  it('gives back undefined for a record that keeps more than there was, and recovers at the next whole one', () => {
    const expanded = expandHistories([
      { body: {}, history: { kept: 3, added: [] } },
      { body: {}, history: { kept: 1, added: [] } },
      { body: { a: 1 } },
      { body: {}, history: { kept: 0, added: ['x'] } },
      { body: {}, history: { kept: 1, added: ['y'] } },
    ]);
    expect(expanded.map((record) => record?.body)).toEqual([
      undefined,
      undefined,
      { a: 1 },
      { messages: ['x'] },
      { messages: ['x', 'y'] },
    ]);
  });
});
