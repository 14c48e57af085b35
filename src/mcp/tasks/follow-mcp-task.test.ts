import { describe, expect, it } from 'vitest';
import type { ToolProgress, ToolRunContext } from '../../engine/tool/tool';
import { followMcpTask, type McpTaskWire } from './follow-mcp-task';
import type { PolledTask, TaskStatus } from './mcp-task';
import { SdkError, SdkErrorCode } from '../sdk/sdk-errors';

const task = (status: TaskStatus, statusMessage?: string, taskId = 't1'): PolledTask => ({
  taskId,
  status,
  ...(statusMessage === undefined ? {} : { statusMessage }),
  raw: {},
});

/** A fake clock whose sleeps pass at once, a context that records progress, and a scripted wire. */
function harness(polls: (n: number) => PolledTask, extra: Partial<McpTaskWire> = {}) {
  let clock = 0;
  const reports: ToolProgress[] = [];
  const cancelled: string[] = [];
  let polled = 0;
  let push: ((seen: PolledTask) => void) | undefined;
  const context: ToolRunContext = {
    signal: new AbortController().signal,
    onProgress: (r) => reports.push(r),
    log: () => {},
  };
  const wire: McpTaskWire = {
    poll: () => Promise.resolve(polls(++polled)),
    cancel: (id) => {
      cancelled.push(id);
      return Promise.resolve();
    },
    answerInput: () => Promise.resolve(undefined),
    finish: (done) => Promise.resolve({ content: [{ type: 'text', text: `finished ${done.status}` }] }),
    watch: (_id, onPush) => {
      push = onPush;
      return () => {
        push = undefined;
      };
    },
    ...extra,
  };
  const options = {
    toolName: 'job',
    idleMs: 1_000,
    startedAt: 0,
    now: () => clock,
    sleep: (ms: number) => {
      clock += ms;
      return Promise.resolve();
    },
  };
  return {
    reports,
    cancelled,
    context,
    wire,
    options,
    polledCount: () => polled,
    push: (seen: PolledTask) => push?.(seen),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('followMcpTask', () => {
  it('reports changes only, and takes the outcome from finish', async () => {
    const h = harness((n) => (n < 3 ? task('working', 'same') : task('completed', 'done')));
    const output = await followMcpTask(task('working', 'same'), h.wire, h.context, { ...h.options, idleMs: 5_000 });
    expect(output.content).toEqual([{ type: 'text', text: 'finished completed' }]);
    expect(h.reports.map((r) => [r.progress, r.task?.status, r.task?.message])).toEqual([
      [1, 'working', 'same'],
      [2, 'completed', 'done'],
    ]);
    expect(h.cancelled).toEqual([]);
  });

  it('times out a task that never changes, and cancels it', async () => {
    const h = harness(() => task('working', 'same'));
    await expect(followMcpTask(task('working', 'same'), h.wire, h.context, h.options)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(h.cancelled).toEqual(['t1']);
  });

  it('holds the total limit against a server whose status changes on every poll', async () => {
    const h = harness((n) => task('working', `step ${n}`));
    await expect(
      followMcpTask(task('working'), h.wire, h.context, { ...h.options, totalMs: 5_000 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(h.polledCount()).toBeLessThan(200);
    expect(h.cancelled).toEqual(['t1']);
  });

  it('shows pushes for its task only, and never ends on a push', async () => {
    const h = harness((n) => {
      if (n === 1) {
        h.push(task('working', 'pushed'));
        h.push(task('completed', 'pushed done'));
        h.push(task('working', 'someone else', 't2'));
      }
      return n < 3 ? task('working', 'polled') : task('completed', 'polled done');
    });
    await followMcpTask(task('working', 'start'), h.wire, h.context, h.options);
    expect(h.reports.map((r) => r.task?.message)).toEqual(['start', 'pushed', 'polled', 'polled done']);
  });

  it('restarts the idle clock once a question is answered, however long the person took', async () => {
    const h = harness((n) => (n === 1 ? task('working', 'answered') : task('completed')), {
      answerInput: () => {
        h.advance(5_000);
        return Promise.resolve(undefined);
      },
    });
    const output = await followMcpTask(task('input_required', 'asks'), h.wire, h.context, h.options);
    expect(output.content).toEqual([{ type: 'text', text: 'finished completed' }]);
  });

  it('cancels the task when a poll throws, but not a task that already ended', async () => {
    const h = harness(() => {
      throw new Error('garbled');
    });
    await expect(followMcpTask(task('working'), h.wire, h.context, h.options)).rejects.toThrow('garbled');
    expect(h.cancelled).toEqual(['t1']);
    const ended = harness(() => task('completed'), { finish: () => Promise.reject(new Error('bad result')) });
    await expect(followMcpTask(task('completed'), ended.wire, ended.context, ended.options)).rejects.toThrow(
      'bad result',
    );
    expect(ended.cancelled).toEqual([]);
  });

  it('says a stop during a poll is a stop, though the SDK reports the aborted request as a timeout', async () => {
    const controller = new AbortController();
    const h = harness(() => task('working'), {
      poll: () => {
        controller.abort(new Error('stopped by the person'));
        // What the SDK's client rejects an aborted request with.
        return Promise.reject(new SdkError(SdkErrorCode.RequestTimeout, String(controller.signal.reason)));
      },
    });
    const context = { ...h.context, signal: controller.signal };
    const stopped = followMcpTask(task('working'), h.wire, context, h.options);
    await expect(stopped).rejects.toThrow('stopped by the person');
    await expect(stopped).rejects.not.toMatchObject({ name: 'TimeoutError' });
    expect(h.cancelled).toEqual(['t1']);
  });
});
