import { describe, expect, it } from 'vitest';
import { createToolRunContext } from './create-tool-run-context';

const noop = (): void => {};
const release = () => noop;

describe('createToolRunContext', () => {
  it('shows the fields of a literal, in its order, with signal an own enumerable getter', () => {
    const context = createToolRunContext(() => new AbortController().signal, noop, noop, { idleMs: 5 }, release);
    expect(Object.keys(context)).toEqual(['signal', 'onProgress', 'log', 'deadline', 'holdIdle']);
    expect(Reflect.ownKeys(context).filter((key) => typeof key === 'symbol')).toHaveLength(1);
    const descriptor = Object.getOwnPropertyDescriptor(context, 'signal');
    expect(descriptor).toMatchObject({ enumerable: true, configurable: true, set: undefined });
    expect(descriptor?.get?.name).toBe('get signal');
    expect(context.deadline).toEqual({ idleMs: 5 });
    expect(JSON.stringify({ ...context, signal: undefined })).toBe('{"deadline":{"idleMs":5}}');
  });

  it('makes the signal only when it is read, each time it is read, and a spread reads it once', () => {
    let made = 0;
    const controller = new AbortController();
    const context = createToolRunContext(
      () => {
        made += 1;
        return controller.signal;
      },
      noop,
      noop,
      { idleMs: 5 },
      release,
    );
    expect(made).toBe(0);
    expect(context.signal).toBe(controller.signal);
    const { signal } = context;
    expect(signal).toBe(controller.signal);
    const copy = { ...context };
    expect(made).toBe(3);
    expect(Object.getOwnPropertyDescriptor(copy, 'signal')?.value).toBe(controller.signal);
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
  });

  it('gives every context its own signal through one shared getter (no function made per call)', () => {
    const [first, second] = [new AbortController().signal, new AbortController().signal];
    const a = createToolRunContext(() => first, noop, noop, { idleMs: 1 }, release);
    const b = createToolRunContext(() => second, noop, noop, { idleMs: 1 }, release);
    expect([a.signal, b.signal]).toEqual([first, second]);
    expect(a.signal).toBe(first);
    expect(b.signal).toBe(second);
    const getterOf = (context: object): unknown => Reflect.getOwnPropertyDescriptor(context, 'signal')?.get;
    expect(getterOf(a)).toBe(getterOf(b));
  });
});
