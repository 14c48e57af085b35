import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { CommandEnvelope } from '../protocol/messages';
import type { PingMessage } from '../protocol/liveness-messages';
import { createWorkerClient } from './create-worker-client';
import type { WorkerLike } from './create-worker-client';

/** A worker double: records posted commands and pings, lets the test fire `message` and `error` events. */
function fakeWorker() {
  const target = new EventTarget();
  const posted: CommandEnvelope[] = [];
  const pings: PingMessage[] = [];
  const terminate = vi.fn();
  const worker: WorkerLike = {
    postMessage: (message) => {
      if ('command' in message) posted.push(message);
      else pings.push(message);
    },
    addEventListener: (type: string, listener: (event: never) => void) =>
      target.addEventListener(type, listener as EventListener),
    terminate,
  };
  const send = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  const ready = () => send({ v: PROTOCOL_VERSION, type: 'ready' });
  const reply = (requestId: string, value: unknown) =>
    send({ v: PROTOCOL_VERSION, type: 'reply', requestId, ok: true, value });
  const pong = () => {
    for (const ping of pings.splice(0)) send({ v: PROTOCOL_VERSION, type: 'pong', id: ping.id });
  };
  const crash = (message?: string) => {
    const event = new Event('error');
    if (message !== undefined) Object.defineProperty(event, 'message', { value: message });
    target.dispatchEvent(event);
  };
  return { worker, posted, pings, terminate, send, ready, reply, pong, crash };
}

/** A factory of fake workers that keeps every one it made. */
function fakeFactory() {
  const made: ReturnType<typeof fakeWorker>[] = [];
  const spawn = () => {
    const fake = fakeWorker();
    made.push(fake);
    return fake.worker;
  };
  const latest = () => made.at(-1)!;
  return { made, spawn, latest };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWorkerClient', () => {
  it('resolves a command with its reply', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    fake.ready();
    const sent = client.send({ type: 'run-stop', runId: 'r1' });
    fake.reply(fake.posted[0]!.requestId, undefined);
    await expect(sent).resolves.toBeUndefined();
  });

  it('queues commands sent before the engine is ready and sends them, in order, once it is', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    const first = client.send({ type: 'run-stop', runId: 'r1' });
    const second = client.send({ type: 'run-stop', runId: 'r2' });
    expect(fake.posted).toHaveLength(0);
    fake.ready();
    expect(fake.posted.map((envelope) => envelope.command)).toEqual([
      { type: 'run-stop', runId: 'r1' },
      { type: 'run-stop', runId: 'r2' },
    ]);
    fake.reply(fake.posted[0]!.requestId, 1);
    fake.reply(fake.posted[1]!.requestId, 2);
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
  });

  it('fails a command that gets no reply within its timeout, naming it', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker, { commandTimeoutMs: 2_000, heartbeatTimeoutMs: 60_000 });
    fake.ready();
    const sent = client.send({ type: 'models-list', provider: { kind: 'demo' } as never });
    const outcome = expect(sent).rejects.toThrow('The engine did not answer “models-list” within 2 s.');
    for (let second = 0; second < 3; second += 1) {
      fake.pong();
      vi.advanceTimersByTime(1_000);
    }
    await outcome;
  });

  it('on a worker error rejects pending commands with a plain message, ends the worker and tells crash listeners', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    fake.ready();
    const heard = vi.fn();
    client.onCrash?.(heard);
    const first = client.send({ type: 'run-stop', runId: 'r1' });
    const second = client.send({ type: 'run-stop', runId: 'r2' });
    fake.crash('Uncaught RangeError: Maximum call stack size exceeded');
    await expect(first).rejects.toThrow(
      'The engine stopped unexpectedly (Uncaught RangeError: Maximum call stack size exceeded).',
    );
    await expect(second).rejects.toThrow('The engine stopped unexpectedly');
    expect(fake.terminate).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledExactlyOnceWith('Uncaught RangeError: Maximum call stack size exceeded', false);
  });

  it('without a way to make workers, fails new commands at once after a crash and reports it only once', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    fake.ready();
    const heard = vi.fn();
    const stop = client.onCrash!(heard);
    fake.crash();
    fake.crash('again');
    await expect(client.send({ type: 'run-stop', runId: 'r1' })).rejects.toThrow(
      'The engine stopped unexpectedly (the worker failed without a message, possibly out of memory).',
    );
    expect(fake.posted).toHaveLength(0);
    expect(heard).toHaveBeenCalledOnce();
    stop();
  });
});

describe('createWorkerClient liveness', () => {
  it('keeps a worker that answers its pings', () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn);
    const heard = vi.fn();
    client.onCrash!(heard);
    factory.latest().ready();
    for (let second = 0; second < 60; second += 1) {
      factory.latest().pong();
      vi.advanceTimersByTime(1_000);
    }
    expect(heard).not.toHaveBeenCalled();
    expect(factory.made).toHaveLength(1);
    expect(factory.latest().pings.length).toBeLessThanOrEqual(1);
  });

  it('detects a hung worker within a few seconds, ends it, starts a new one and tells restart listeners', async () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn);
    const crashes = vi.fn();
    const restarted = vi.fn();
    client.onCrash!(crashes);
    client.onRestart!(restarted);
    const hung = factory.latest();
    hung.ready();
    const held = client.send({ type: 'run-stop', runId: 'r1' });
    const outcome = expect(held).rejects.toThrow('The engine stopped unexpectedly (it stopped answering');
    // The worker never answers again.
    vi.advanceTimersByTime(10_000);
    await outcome;
    expect(hung.terminate).toHaveBeenCalledOnce();
    expect(crashes).toHaveBeenCalledExactlyOnceWith('it stopped answering for more than 8 s', true);
    expect(factory.made).toHaveLength(2);

    // Commands sent while the new engine starts wait for it; restart listeners hear when it is ready.
    const queued = client.send({ type: 'run-stop', runId: 'r2' });
    expect(restarted).not.toHaveBeenCalled();
    factory.latest().ready();
    expect(restarted).toHaveBeenCalledOnce();
    factory.latest().reply(factory.latest().posted[0]!.requestId, 'ok');
    await expect(queued).resolves.toBe('ok');
  });

  it('a ping answered late because the tab was throttled is not a hang', () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn);
    const heard = vi.fn();
    client.onCrash!(heard);
    factory.latest().ready();
    factory.latest().pong();
    // A hidden tab: no tick for 60 s, but the answer came in meanwhile.
    vi.setSystemTime(Date.now() + 60_000);
    vi.advanceTimersByTime(1_000);
    expect(heard).not.toHaveBeenCalled();
  });

  it('replaces a worker that never says ready', () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn, { startTimeoutMs: 10_000 });
    const heard = vi.fn();
    client.onCrash!(heard);
    vi.advanceTimersByTime(10_001);
    expect(heard).toHaveBeenCalledExactlyOnceWith('it did not start within 10 s', true);
    expect(factory.made).toHaveLength(2);
  });

  it('restarts after a crash, but gives up after three restarts in a minute', async () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn);
    const heard = vi.fn();
    client.onCrash!(heard);
    for (let crash = 0; crash < 4; crash += 1) {
      factory.latest().ready();
      factory.latest().crash(`boom ${crash}`);
    }
    expect(heard.mock.calls).toEqual([
      ['boom 0', true],
      ['boom 1', true],
      ['boom 2', true],
      ['boom 3', false],
    ]);
    expect(factory.made).toHaveLength(4);
    await expect(client.send({ type: 'run-stop', runId: 'r' })).rejects.toThrow(
      'The engine stopped unexpectedly (boom 3), again after restarts.',
    );
  });

  it('ignores messages from a worker it replaced', () => {
    const factory = fakeFactory();
    const client = createWorkerClient(factory.spawn);
    const messages = vi.fn();
    client.subscribe(messages);
    const old = factory.latest();
    old.ready();
    old.crash('gone');
    messages.mockClear();
    old.ready();
    expect(messages).not.toHaveBeenCalled();
  });

  it('hands subscribers each event of a run-events batch as a run-event, and reports a batch it cannot read', () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    const seen: unknown[] = [];
    client.subscribe((message) => seen.push(message));
    const delta = (text: string) => ({ type: 'text-delta', round: 1, index: 0, text });
    const post = fake.send;
    post({ v: PROTOCOL_VERSION, type: 'run-events', runId: 'r', fresh: true, events: [delta('a'), delta('b')] });
    expect(seen).toEqual([
      { v: PROTOCOL_VERSION, type: 'run-event', runId: 'r', event: delta('a') },
      { v: PROTOCOL_VERSION, type: 'run-event', runId: 'r', event: delta('b') },
    ]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dangling = { type: 'tool-call-start', at: 1, round: 1, callId: 'c9', name: 'x', queuedAt: 1 };
    post({ v: PROTOCOL_VERSION, type: 'run-events', runId: 'r', events: [dangling] });
    expect(seen).toHaveLength(2);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
