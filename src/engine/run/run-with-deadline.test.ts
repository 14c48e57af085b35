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
