import { describe, expect, it } from 'vitest';
import { createConcurrencyScheduler } from './concurrency-scheduler';

const policies = { maxConcurrency: 2, maxConcurrencyPerServer: 1, sequentialTools: ['one'], sequentialServers: [] };
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A task the test finishes by hand; records when it started. */
function gate(log: string[], name: string) {
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const task = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { task, finish: (value: string) => finish(value), fail: (error: Error) => fail(error) };
}

describe('createConcurrencyScheduler', () => {
  it('starts a task that fits in a later microtask, never inside the caller', async () => {
    const scheduler = createConcurrencyScheduler(policies);
    const log: string[] = [];
    const a = gate(log, 'a');
    const running = scheduler.run({ tool: 'x' }, a.task);
    expect(log).toEqual([]);
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.finish('done');
    await expect(running).resolves.toBe('done');
  });

  it('queues past the global cap, tells onQueued, and starts the next when a slot frees', async () => {
    const scheduler = createConcurrencyScheduler(policies);
    const log: string[] = [];
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const queued: string[] = [];
    const runs = [a, b, c].map((entry, index) =>
      scheduler.run({ tool: `t${index}` }, entry.task, () => queued.push(`t${index}`)),
    );
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect(queued).toEqual(['t2']);
    expect(scheduler.hasRoom({ tool: 'other' })).toBe(false);
    b.fail(new Error('b failed'));
    await expect(runs[1]).rejects.toThrow('b failed');
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a.finish('a');
    c.finish('c');
    await expect(Promise.all([runs[0], runs[2]])).resolves.toEqual(['a', 'c']);
    expect(scheduler.hasRoom({ tool: 'other' })).toBe(true);
  });

  it('lets whoever awaits a result go on before the freed slot starts the next task', async () => {
    const scheduler = createConcurrencyScheduler({ ...policies, maxConcurrency: 1 });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const first = scheduler.run({ tool: 'x' }, a.task).then(() => log.push('a answered'));
    const second = scheduler.run({ tool: 'y' }, b.task);
    await tick();
    a.finish('a');
    await first;
    await tick();
    expect(log).toEqual(['start a', 'a answered', 'start b']);
    b.finish('b');
    await second;
  });

  it('caps a server and a sequential tool at one, without holding up others', async () => {
    const scheduler = createConcurrencyScheduler({ ...policies, maxConcurrency: 4 });
    const log: string[] = [];
    const [a, b, c, d] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c'), gate(log, 'd')];
    const runs = [
      scheduler.run({ tool: 's__x', server: 's' }, a.task),
      scheduler.run({ tool: 's__y', server: 's' }, b.task),
      scheduler.run({ tool: 'one' }, c.task),
      scheduler.run({ tool: 'free' }, d.task),
    ];
    await tick();
    expect(log).toEqual(['start a', 'start c', 'start d']);
    a.finish('a');
    await tick();
    expect(log).toEqual(['start a', 'start c', 'start d', 'start b']);
    [b, c, d].forEach((entry) => entry.finish('ok'));
    await Promise.all(runs);
  });

  it('turns a task that throws synchronously into a rejection and frees its slot', async () => {
    const scheduler = createConcurrencyScheduler({ ...policies, maxConcurrency: 1 });
    const failing = scheduler.run({ tool: 'x' }, () => {
      throw new Error('sync');
    });
    await expect(failing).rejects.toThrow('sync');
    await tick();
    expect(scheduler.hasRoom({ tool: 'x' })).toBe(true);
  });
});
