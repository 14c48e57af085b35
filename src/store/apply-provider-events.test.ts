import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { applyRunEvent } from './apply-run-event';
import { initialRunView } from './run-view';

const fold = (events: RunEvent[]) => events.reduce(applyRunEvent, initialRunView);

describe('applyRunEvent: thinking and notices', () => {
  it('shows thinking while it streams and notices under their round', () => {
    const view = fold([
      {
        type: 'round-start',
        at: 1,
        round: 1,
        request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 10 },
      },
      { type: 'thinking-delta', round: 1, index: 0, thinking: 'Hmm, ' },
      { type: 'thinking-delta', round: 1, index: 0, thinking: 'yes.' },
      { type: 'text-delta', round: 1, index: 1, text: 'Answer' },
      { type: 'notice', at: 2, round: 1, message: 'Taken as text: no tool "x".' },
      { type: 'notice', at: 3, round: 1, message: 'Second.' },
    ]);
    expect(view.rounds[0]?.blocks).toEqual([
      { kind: 'thinking', index: 0, text: 'Hmm, yes.' },
      { kind: 'text', index: 1, text: 'Answer' },
    ]);
    expect(view.rounds[0]?.notices).toEqual(['Taken as text: no tool "x".', 'Second.']);
  });
});
