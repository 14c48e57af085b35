import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createModelCallSignals } from './model-call-signal';

describe('createModelCallSignals', () => {
  it('hands the next call the same signal when the last one ended with nothing on it', () => {
    const run = new AbortController();
    const signals = createModelCallSignals();
    const first = signals.begin(run.signal);
    expect(first.signal.aborted).toBe(false);
    first.end();
    const second = signals.begin(run.signal);
    expect(second.signal).toBe(first.signal);
    expect(second.signal.aborted).toBe(false);
    expect(Object.keys(second.signal)).toEqual([]);
  });

  it("aborts the open call's signal at once with the run's reason; between calls nothing follows the run", () => {
    const run = new AbortController();
    const signals = createModelCallSignals();
    signals.begin(run.signal).end();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    const call = signals.begin(run.signal);
    const reason = { why: 'cancel' };
    run.abort(reason);
    expect(call.signal.aborted).toBe(true);
    expect(call.signal.reason).toBe(reason);

    const later = new AbortController();
    const quiet = createModelCallSignals();
    const ended = quiet.begin(later.signal);
    ended.end();
    later.abort('after the call');
    expect(ended.signal.aborted).toBe(false);
  });

  it('gives the next call a new signal once a call listened to its own, and never aborts the old one', () => {
    const run = new AbortController();
    const signals = createModelCallSignals();
    const heard: string[] = [];
    const seen = new Set<AbortSignal>();
    for (let index = 0; index < 30; index += 1) {
      const call = signals.begin(run.signal);
      seen.add(call.signal);
      // As the Anthropic SDK's MessageStream does: a listener added per request and never removed.
      call.signal.addEventListener('abort', () => heard.push(`listener ${index}`));
      call.end();
    }
    expect(seen.size).toBe(30);
    const onAbort = signals.begin(run.signal);
    onAbort.signal.onabort = () => heard.push('handler');
    onAbort.end();
    const last = signals.begin(run.signal);
    expect(last.signal).not.toBe(onAbort.signal);
    run.abort('stop');
    expect(heard).toEqual([]);
    expect(last.signal.reason).toBe('stop');
  });

  it('gives the next call a new signal once a call aborted its own, and leaves the run alone', () => {
    const run = new AbortController();
    const signals = createModelCallSignals();
    const silent = signals.begin(run.signal);
    silent.abort('idle');
    silent.end();
    expect(silent.signal.reason).toBe('idle');
    expect(run.signal.aborted).toBe(false);
    const next = signals.begin(run.signal);
    expect(next.signal).not.toBe(silent.signal);
    expect(next.signal.aborted).toBe(false);
    run.abort('cancel');
    expect(silent.signal.reason).toBe('idle');
    expect(next.signal.reason).toBe('cancel');
  });

  it('starts aborted when the run already is; a call begun before the last ended gets a signal of its own', () => {
    const run = new AbortController();
    run.abort('before');
    const aborted = createModelCallSignals().begin(run.signal);
    expect(aborted.signal.aborted).toBe(true);
    expect(aborted.signal.reason).toBe('before');

    const live = new AbortController();
    const signals = createModelCallSignals();
    const open = signals.begin(live.signal);
    const other = signals.begin(live.signal);
    expect(other.signal).not.toBe(open.signal);
    open.end();
    other.end();
    other.end();
    expect(signals.begin(live.signal).signal).toBe(other.signal);
  });
});
