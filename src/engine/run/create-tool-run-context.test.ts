import { describe, expect, it } from 'vitest';
import { createToolRunContext } from './create-tool-run-context';

const noop = (): void => {};
const release = () => noop;

describe('createToolRunContext', () => {
  it('shows the fields of a literal, in its order, with signal an own enumerable getter', () => {
    const context = createToolRunContext(() => new AbortController().signal, noop, noop, { idleMs: 5 }, release);
    expect(Object.keys(context)).toEqual(['signal', 'onProgress', 'log', 'deadline', 'holdIdle']);
    // No key a literal would not have: the signal's maker is a private field.
    expect(Reflect.ownKeys(context)).toEqual(['signal', 'onProgress', 'log', 'deadline', 'holdIdle']);
    const descriptor = Object.getOwnPropertyDescriptor(context, 'signal');
    expect(descriptor).toMatchObject({ enumerable: true, configurable: true, set: undefined });
    expect(descriptor?.get?.name).toBe('get signal');
    expect(context.deadline).toEqual({ idleMs: 5 });
    expect(JSON.stringify({ ...context, signal: undefined })).toBe('{"deadline":{"idleMs":5}}');
  });

  it('defines signal as a getter only: enumerable, configurable, not writable by assignment', () => {
    const context = createToolRunContext(() => new AbortController().signal, noop, noop, { idleMs: 5 }, release);
    const descriptor = Object.getOwnPropertyDescriptor(context, 'signal');
    expect(Object.keys(descriptor ?? {}).sort()).toEqual(['configurable', 'enumerable', 'get', 'set']);
    // No setter: an assignment (strict mode) throws and the getter stays.
    expect(() => {
      (context as { signal: unknown }).signal = 1;
    }).toThrow(TypeError);
    expect(context.signal).toBeInstanceOf(AbortSignal);
    // Configurable: it can be redefined or deleted like a literal's getter.
    expect(delete (context as { signal?: unknown }).signal).toBe(true);
    expect('signal' in context).toBe(false);
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

  it('reads the signal through an object whose prototype is a context, as a property read would', () => {
    const signal = new AbortController().signal;
    const context = createToolRunContext(() => signal, noop, noop, { idleMs: 1 }, release);
    const derived = Object.create(context) as typeof context;
    expect(derived.signal).toBe(signal);
    expect(({ __proto__: context, extra: 1 } as unknown as typeof context).signal).toBe(signal);
  });

  it('throws a TypeError when the shared getter is called on an object that is no context', () => {
    const context = createToolRunContext(() => new AbortController().signal, noop, noop, { idleMs: 1 }, release);
    const getter = Reflect.getOwnPropertyDescriptor(context, 'signal')?.get;
    expect(() => getter?.call({})).toThrow(TypeError);
  });
});
