import { describe, expect, it } from 'vitest';
import { createCompactionTracker } from '../compaction/fold-sent-history';
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { createIncrementalHistory } from '../transcript/incremental-history';
import { changesHistory } from './sent-history';

// Every event type (the compiler checks the list is complete).
const allTypes: Record<RunEvent['type'], true> = {
  'run-start': true,
  'round-start': true,
  'request-sent': true,
  'response-start': true,
  'text-delta': true,
  'thinking-delta': true,
  notice: true,
  'tool-input-start': true,
  'tool-input-delta': true,
  'response-end': true,
  'tool-call-start': true,
  'tool-call-queued': true,
  'tool-call-progress': true,
  'tool-call-log': true,
  'tool-call-end': true,
  'tool-results-commit': true,
  'round-end': true,
  'limit-reached': true,
  'policy-act': true,
  'history-compact': true,
  'tools-update': true,
  'run-end': true,
  'pause-start': true,
  'pause-end': true,
  'edit-apply': true,
  'app-call-start': true,
  'app-call-progress': true,
  'app-call-log': true,
  'app-call-end': true,
};

const first: Message = { role: 'user', content: [{ type: 'text', text: 'first' }] };
const second: Message = { role: 'assistant', content: [{ type: 'text', text: 'second' }] };

describe('changesHistory', () => {
  it('holds for exactly the event types the history or the compaction tracker act on', () => {
    for (const type of Object.keys(allTypes) as RunEvent['type'][]) {
      const history = createIncrementalHistory();
      const compaction = createCompactionTracker();
      const start = { type: 'run-start', messages: [first] } as unknown as RunEvent;
      history.observe(start);
      compaction.observe(start);
      const before = JSON.stringify([history.folded(), compaction.active()]);
      // Every field any observer reads, set so that it would change something.
      const event = {
        type,
        messages: [second],
        message: second,
        what: 'request.messages',
        after: [second],
        prefix: [second],
        keptFrom: 0,
      } as unknown as RunEvent;
      history.observe(event);
      compaction.observe(event);
      const changed = JSON.stringify([history.folded(), compaction.active()]) !== before;
      expect({ type, changes: changesHistory(type) }).toEqual({ type, changes: changed });
    }
  });
});
