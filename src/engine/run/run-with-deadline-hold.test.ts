import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import type { Tool, ToolRunContext } from '../tool/tool';
import { runWithDeadline } from './run-with-deadline';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A tool that never answers by itself; the test reads its context. */
function startHanging(options: { timeoutMs: number; maxTotalMs?: number }) {
  const environment = createFakeEnvironment();
  let context: ToolRunContext | undefined;
  const tool: Tool = {
    name: 't',
    description: '',
    inputSchema: { type: 'object' },
    origin: { kind: 'test' },
    run: (_input, given) => {
      context = given;
      return new Promise(() => undefined);
    },
  };
  let settled: string | undefined;
  const running = runWithDeadline({ tool, input: {}, signal: new AbortController().signal, environment, ...options });
  void running.then((result) => (settled = result.status));
  const hold = () => {
    if (context?.holdIdle === undefined) throw new Error('the tool got no holdIdle');
    return context.holdIdle();
  };
  return { environment, running, hold, settledAs: () => settled };
}

describe('runWithDeadline: the idle clock stops while the tool waits for the person', () => {
  it('fires no idle timeout during a hold, and gives the full idle time again after it', async () => {
    const call = startHanging({ timeoutMs: 50 });
    await settle();
    call.environment.advance(40);
    const release = call.hold();
    call.environment.advance(10_000);
    await settle();
    expect(call.settledAs()).toBeUndefined();
    release();
    call.environment.advance(49);
    await settle();
    expect(call.settledAs()).toBeUndefined();
    call.environment.advance(1);
    expect((await call.running).status).toBe('timeout');
  });

  it('restarts the clock only when the last of two holds ends, and a second release changes nothing', async () => {
    const call = startHanging({ timeoutMs: 50 });
    await settle();
    const first = call.hold();
    const second = call.hold();
    first();
    first();
    call.environment.advance(500);
    await settle();
    expect(call.settledAs()).toBeUndefined();
    second();
    call.environment.advance(50);
    expect((await call.running).status).toBe('timeout');
  });

  it('sets the total timer only once the idle clock is stopped, due when the call started plus the total', async () => {
    const call = startHanging({ timeoutMs: 50, maxTotalMs: 200 });
    await settle();
    // The idle timeout alone: the total cannot come first while the idle clock runs untouched.
    expect(call.environment.pendingTimers()).toBe(1);
    call.environment.advance(40);
    call.hold();
    expect(call.environment.pendingTimers()).toBe(1);
    call.environment.advance(159);
    await settle();
    expect(call.settledAs()).toBeUndefined();
    call.environment.advance(1);
    const settled = await call.running;
    expect(settled.timeout).toEqual({ ms: 200, source: 'max-total' });
    expect(call.environment.pendingTimers()).toBe(0);
  });

  it('keeps the total limit running through a hold', async () => {
    const call = startHanging({ timeoutMs: 50, maxTotalMs: 200 });
    await settle();
    call.hold();
    call.environment.advance(200);
    const settled = await call.running;
    expect(settled.status).toBe('timeout');
    expect(settled.timeout?.source).toBe('max-total');
  });

  it('leaves no timer behind when a hold is released after the call settled', async () => {
    const call = startHanging({ timeoutMs: 50, maxTotalMs: 100 });
    await settle();
    const release = call.hold();
    call.environment.advance(100);
    expect((await call.running).status).toBe('timeout');
    release();
    expect(call.environment.pendingTimers()).toBe(0);
    // A hold asked for after the end is a no-op too.
    call.hold()();
    expect(call.environment.pendingTimers()).toBe(0);
  });
});
