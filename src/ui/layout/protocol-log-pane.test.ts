import { describe, expect, it } from 'vitest';
import type { McpTrafficRecord } from '../../protocol/mcp-feature-messages';
import { describeTraffic } from '../mcp-features/protocol-log';
import { clampDockHeight } from './protocol-log-dock';
import { mergeTraffic } from './protocol-log-pane';

const record = (serverId: string, seq: number, extra: Partial<McpTrafficRecord> = {}): McpTrafficRecord => ({
  serverId,
  seq,
  at: seq,
  direction: 'sent',
  kind: 'request',
  method: 'tools/list',
  message: {},
  ...extra,
});

describe('mergeTraffic', () => {
  it('interleaves every server by the order the worker recorded, or keeps one server', () => {
    const traffic = { a: [record('a', 1), record('a', 4)], b: [record('b', 2), record('b', 3)] };
    expect(mergeTraffic(traffic, '').map((entry) => `${entry.serverId}${entry.seq}`)).toEqual(['a1', 'b2', 'b3', 'a4']);
    expect(mergeTraffic(traffic, 'b').map((entry) => entry.seq)).toEqual([2, 3]);
    expect(mergeTraffic(traffic, 'gone')).toEqual([]);
  });
});

describe('describeTraffic', () => {
  it('names direction, kind, method, id, timing and era; a message without a method has no gap', () => {
    expect(describeTraffic(record('a', 1, { id: 7, era: 'modern' }))).toBe('→ request tools/list #7 · 2026-07-28');
    const { method: _method, ...noMethod } = record('a', 2, {
      direction: 'received',
      kind: 'response',
      id: 7,
      durationMs: 12,
      era: 'legacy',
    });
    expect(describeTraffic(noMethod)).toBe('← response #7 · 12 ms · 2025 era');
  });
});

describe('clampDockHeight', () => {
  it('keeps the dock between 140 px and 85 % of the window, whatever is dragged or typed', () => {
    expect(clampDockHeight(-500, 900)).toBe(140);
    expect(clampDockHeight(300, 900)).toBe(300);
    expect(clampDockHeight(5000, 900)).toBe(765);
    expect(clampDockHeight(Number.POSITIVE_INFINITY, 900)).toBe(765);
    expect(clampDockHeight(Number.NaN, 900)).toBe(140);
    // A window shorter than the minimum still gets a usable dock.
    expect(clampDockHeight(100, 120)).toBe(140);
  });
});
