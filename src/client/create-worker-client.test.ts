import { describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../protocol/messages';
import type { CommandEnvelope } from '../protocol/messages';
import { createWorkerClient } from './create-worker-client';
import type { WorkerLike } from './create-worker-client';

/** A worker double: records posted commands, lets the test fire `message` and `error` events. */
function fakeWorker() {
  const target = new EventTarget();
  const posted: CommandEnvelope[] = [];
  const terminate = vi.fn();
  const worker: WorkerLike = {
    postMessage: (message) => posted.push(message),
    addEventListener: (type: string, listener: (event: never) => void) =>
      target.addEventListener(type, listener as EventListener),
    terminate,
  };
  const reply = (requestId: string, value: unknown) =>
    target.dispatchEvent(
      new MessageEvent('message', { data: { v: PROTOCOL_VERSION, type: 'reply', requestId, ok: true, value } }),
    );
  const crash = (message?: string) => {
    const event = new Event('error');
    if (message !== undefined) Object.defineProperty(event, 'message', { value: message });
    target.dispatchEvent(event);
  };
  return { worker, posted, terminate, reply, crash };
}

describe('createWorkerClient', () => {
  it('resolves a command with its reply', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
    const sent = client.send({ type: 'run-stop', runId: 'r1' });
    fake.reply(fake.posted[0]!.requestId, undefined);
    await expect(sent).resolves.toBeUndefined();
  });

  it('on a worker error rejects pending commands with a plain message, ends the worker and tells crash listeners', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
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
    expect(heard).toHaveBeenCalledExactlyOnceWith('Uncaught RangeError: Maximum call stack size exceeded');
  });

  it('after a crash fails new commands at once and reports a crash only once', async () => {
    const fake = fakeWorker();
    const client = createWorkerClient(fake.worker);
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
