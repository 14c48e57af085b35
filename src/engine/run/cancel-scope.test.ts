import { describe, expect, it } from 'vitest';
import { createCancelScope } from './cancel-scope';

describe('createCancelScope', () => {
  it('aborts with its parent, with the same reason, and runs each listener once', () => {
    const parent = new AbortController();
    const scope = createCancelScope(parent.signal);
    const heard: string[] = [];
    const first = () => heard.push('first');
    scope.addEventListener('abort', first);
    scope.addEventListener('abort', first);
    scope.addEventListener('abort', () => heard.push('second'));
    const reason = { why: 'wall time' };
    parent.abort(reason);
    expect(scope.aborted).toBe(true);
    expect(scope.reason).toBe(reason);
    expect(heard).toEqual(['first', 'second']);
    scope.abort('again');
    expect(scope.reason).toBe(reason);
    expect(heard).toEqual(['first', 'second']);
  });

  it('aborts alone on abort(), with an AbortError when no reason is given, and leaves the parent alone', () => {
    const parent = new AbortController();
    const scope = createCancelScope(parent.signal);
    scope.abort();
    expect(scope.aborted).toBe(true);
    expect(scope.reason).toBeInstanceOf(DOMException);
    expect((scope.reason as DOMException).name).toBe('AbortError');
    expect(parent.signal.aborted).toBe(false);
  });

  it('never runs a removed listener, nor one added after the abort', () => {
    const parent = new AbortController();
    const scope = createCancelScope(parent.signal);
    const heard: string[] = [];
    const removed = () => heard.push('removed');
    scope.addEventListener('abort', removed);
    scope.removeEventListener('abort', removed);
    scope.abort('stop');
    scope.addEventListener('abort', () => heard.push('late'));
    parent.abort();
    expect(heard).toEqual([]);
  });

  it('starts aborted under an aborted parent, and no longer follows the parent once disposed', () => {
    const done = new AbortController();
    done.abort('earlier');
    const born = createCancelScope(done.signal);
    expect(born.aborted).toBe(true);
    expect(born.reason).toBe('earlier');

    const parent = new AbortController();
    const scope = createCancelScope(parent.signal);
    let heard = 0;
    scope.addEventListener('abort', () => (heard += 1));
    scope.dispose();
    parent.abort('later');
    expect(scope.aborted).toBe(false);
    expect(heard).toBe(0);
  });
});
