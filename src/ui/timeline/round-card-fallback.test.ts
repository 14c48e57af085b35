import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { RoundView } from '../../store/run-view';
import { RoundCardFallback, roundPlainText } from './round-card-fallback';

const round = (blocks: unknown): RoundView =>
  ({ round: 3, blocks, toolCalls: [], interrupted: false, notices: [], policyActs: [] }) as unknown as RoundView;

describe('RoundCardFallback', () => {
  it('keeps the round an article named "Round N", with the raw text as text and why it failed', () => {
    const html = renderToStaticMarkup(
      createElement(RoundCardFallback, {
        round: round([
          { kind: 'text', index: 0, text: '<script>alert(1)</script> **raw**' },
          { kind: 'tool_use', index: 1, callId: 'c', name: 'weather' },
        ]),
        failure: { error: new RangeError('Maximum call stack size exceeded'), retry: vi.fn() },
      }),
    );
    expect(html).toContain('aria-label="Round 3"');
    expect(html).toContain('Round 3 could not be shown');
    expect(html).toContain('Maximum call stack size exceeded');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; **raw**');
    expect(html).toContain('[tool call: weather]');
    expect(html).not.toContain('<script');
  });

  it('reads hostile round data without throwing', () => {
    expect(roundPlainText(round(42))).toBe('');
    expect(roundPlainText(round([null, { kind: 'text', text: 42 }, { kind: 'text', text: { a: 1 } }]))).toBe(
      '42\n\n{"a":1}',
    );
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(roundPlainText(round([{ kind: 'text', text: cyclic }]))).toMatch(/could not be read/);
    expect(roundPlainText(round([{ kind: 'text', text: 'x'.repeat(300_000) }]))).toMatch(/cut at 200000 characters/);
  });
});
