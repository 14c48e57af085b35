import { describe, expect, it, vi } from 'vitest';
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

  it('writes each message of a request as JSON once, not again for the request before (wire bodies are fresh objects)', () => {
    const compact = createHistoryCompactor();
    const wire = (count: number) => ({ messages: Array.from({ length: count }, (_, index) => message(`m${index}`)) });
    compact(wire(3));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const record = compact(wire(5));
      expect(record.history).toEqual({ kept: 3, added: [message('m3'), message('m4')] });
      // The previous request's three were never written (its first): three for it, three for this one.
      expect(stringify).toHaveBeenCalledTimes(6);
      stringify.mockClear();
      // Now only this request's shared prefix is written: the previous one's text is kept.
      expect(compact(wire(6)).history?.kept).toBe(5);
      expect(stringify).toHaveBeenCalledTimes(5 + 2);
    } finally {
      stringify.mockRestore();
    }
  });

  it('compares a changed message, identical objects and a shorter request as before', () => {
    const compact = createHistoryCompactor();
    const [a, b, c] = [message('a'), message('b'), message('c')];
    expect(compact({ messages: [a, b, c] }).history?.kept).toBe(0);
    // The same objects: kept without any JSON.
    expect(compact({ messages: [a, b, c, message('d')] }).history?.kept).toBe(3);
    // A copy equal in text is kept; a changed one ends the shared prefix; a shorter request keeps what it has.
    expect(compact({ messages: [message('a'), message('x'), c] }).history?.kept).toBe(1);
    expect(compact({ messages: [message('a'), message('x'), c] }).history?.kept).toBe(3);
    expect(compact({ messages: [message('a')] }).history).toEqual({ kept: 1, added: [] });
    expect(compact({ messages: [] }).history).toEqual({ kept: 0, added: [] });
    expect(compact({ messages: [message('a', true)] }).history?.kept).toBe(0);
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
