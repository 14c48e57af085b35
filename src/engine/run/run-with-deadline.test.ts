import { describe, expect, it } from 'vitest';
import { createFakeEnvironment } from '../testing/fake-environment';
import type { Tool, ToolRunContext } from '../tool/tool';
import { createCancelScope } from './cancel-scope';
import { runWithDeadline } from './run-with-deadline';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function toolOf(run: Tool['run']): Tool {
  return { name: 't', description: '', inputSchema: { type: 'object' }, origin: { kind: 'test' }, run };
}

describe("runWithDeadline: the tool's own signal, made when the tool reads it", () => {
  it('aborts the signal a running tool holds when the call times out, and settles without waiting for it', async () => {
    const environment = createFakeEnvironment();
    let held: AbortSignal | undefined;
    const tool = toolOf((_input, context) => {
      held = context.signal;
      return new Promise(() => undefined);
    });
    const running = runWithDeadline({
      tool,
      input: {},
      signal: new AbortController().signal,
      timeoutMs: 50,
      environment,
    });
    await settle();
    expect(held?.aborted).toBe(false);
    environment.advance(50);
    const settled = await running;
    expect(settled.status).toBe('timeout');
    expect(held?.aborted).toBe(true);
    expect(held?.reason).toBe('timeout');
  });

  it('hands a tool that reads its signal only after a cancel one that is already aborted', async () => {
    const environment = createFakeEnvironment();
    const run = new AbortController();
    let context: ToolRunContext | undefined;
    const tool = toolOf((_input, given) => {
      context = given;
      return new Promise(() => undefined);
    });
    const running = runWithDeadline({
      tool,
      input: {},
      signal: createCancelScope(run.signal),
      timeoutMs: 50,
      environment,
    });
    await settle();
    run.abort();
    expect((await running).status).toBe('cancelled');
    expect(context?.signal.aborted).toBe(true);
    expect(context?.signal.reason).toBe('cancelled');
    expect(environment.pendingTimers()).toBe(0);
  });

  it('gives a tool that finished a signal that never aborts, and leaves no timer behind', async () => {
    const environment = createFakeEnvironment();
    let context: ToolRunContext | undefined;
    const tool = toolOf((_input, given) => {
      context = given;
      return Promise.resolve({ content: [{ type: 'text', text: 'ok' }] });
    });
    const settled = await runWithDeadline({
      tool,
      input: {},
      signal: new AbortController().signal,
      timeoutMs: 50,
      environment,
    });
    expect(settled.status).toBe('ok');
    expect(environment.pendingTimers()).toBe(0);
    environment.advance(100);
    expect(context?.signal.aborted).toBe(false);
    expect(context?.signal).toBe(context?.signal);
  });
});

describe('runWithDeadline: how the tool is started', () => {
  const run = (tool: Tool, environment = createFakeEnvironment()) =>
    runWithDeadline({ tool, input: {}, signal: new AbortController().signal, timeoutMs: 50, environment });

  it('starts the tool in a microtask, not inside the caller', async () => {
    let started = false;
    const running = run(
      toolOf(() => {
        started = true;
        return Promise.resolve({ content: [] });
      }),
    );
    expect(started).toBe(false);
    await Promise.resolve();
    expect(started).toBe(true);
    await expect(running).resolves.toEqual({ status: 'ok', content: [] });
  });

  it('starts the tool where queueMicrotask would: after microtasks queued before, before those queued after', async () => {
    const order: string[] = [];
    queueMicrotask(() => order.push('before'));
    const running = run(
      toolOf(() => {
        order.push('tool');
        return Promise.resolve({ content: [] });
      }),
    );
    queueMicrotask(() => order.push('after'));
    await running;
    expect(order).toEqual(['before', 'tool', 'after']);
  });

  it('settles a tool that throws synchronously as a tool error', async () => {
    const settled = await run(
      toolOf(() => {
        throw new Error('boom');
      }),
    );
    expect(settled).toMatchObject({ status: 'tool-error', content: [{ type: 'text', text: 'boom' }] });
  });

  it('takes a tool that returns a bare value or nothing instead of a promise', async () => {
    const bare = toolOf(() => ({ content: [{ type: 'text', text: 'plain' }] }) as unknown as Promise<never>);
    expect(await run(bare)).toEqual({ status: 'ok', content: [{ type: 'text', text: 'plain' }] });
    const nothing = toolOf(() => undefined as unknown as Promise<never>);
    expect(await run(nothing)).toEqual({ status: 'ok', content: [] });
  });

  it('keeps a structured output of an ok or failed call after its content (key order as before)', async () => {
    const structured = { temperature: 21 };
    const ok = await run(toolOf(() => Promise.resolve({ content: [], structured })));
    expect(JSON.stringify(ok)).toBe('{"status":"ok","content":[],"structured":{"temperature":21}}');
    const failed = await run(toolOf(() => Promise.resolve({ content: [], isError: true, structured })));
    expect(Object.keys(failed)).toEqual(['status', 'content', 'retryable', 'structured']);
    // Not a JSON object: left out.
    expect(await run(toolOf(() => Promise.resolve({ content: [], structured: [1] as never })))).toEqual({
      status: 'ok',
      content: [],
    });
  });

  it('handles a tool that rejects after its call timed out (no unhandled rejection)', async () => {
    const environment = createFakeEnvironment();
    let fail: (error: Error) => void = () => undefined;
    const running = run(
      toolOf(() => new Promise((_resolve, reject) => (fail = reject))),
      environment,
    );
    await settle();
    environment.advance(50);
    expect((await running).status).toBe('timeout');
    fail(new Error('too late'));
    await settle();
  });

  it('never starts a tool whose call was cancelled before it began', async () => {
    const controller = new AbortController();
    let started = false;
    const running = runWithDeadline({
      tool: toolOf(() => {
        started = true;
        return Promise.resolve({ content: [] });
      }),
      input: {},
      signal: controller.signal,
      timeoutMs: 50,
      environment: createFakeEnvironment(),
    });
    controller.abort();
    expect((await running).status).toBe('cancelled');
    await settle();
    expect(started).toBe(false);
  });
});
