import { describe, expect, it } from 'vitest';
import { createEventChannel } from './event-channel';

async function readAll<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

describe('createEventChannel', () => {
  it('buffers values pushed before iteration and ends on close', async () => {
    const channel = createEventChannel<number>();
    channel.push(1);
    channel.push(2);
    channel.close();
    channel.push(3);
    expect(await readAll(channel)).toEqual([1, 2]);
  });

  it('delivers values to a waiting consumer', async () => {
    const channel = createEventChannel<string>();
    const reading = readAll(channel);
    await Promise.resolve();
    channel.push('a');
    await Promise.resolve();
    channel.push('b');
    channel.close();
    expect(await reading).toEqual(['a', 'b']);
  });

  it('ends a waiting consumer on close', async () => {
    const channel = createEventChannel<number>();
    const reading = readAll(channel);
    channel.close();
    channel.close();
    expect(await reading).toEqual([]);
  });

  it('hands a batch reader everything buffered in one step, never an empty batch', async () => {
    const channel = createEventChannel<number>();
    channel.push(1);
    channel.push(2);
    const reading = readAll(channel.batches);
    await Promise.resolve();
    channel.push(3);
    channel.close();
    const batches = await reading;
    expect(batches.flat()).toEqual([1, 2, 3]);
    expect(batches[0]).toEqual([1, 2]);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
  });

  it('with defer, wakes a waiting batch reader once per burst, at once at the high-water mark or on close', async () => {
    const deferred: (() => void)[] = [];
    const channel = createEventChannel<number>({ defer: (wake) => deferred.push(wake), highWater: 3 });
    const batches: number[][] = [];
    const reading = (async () => {
      for await (const batch of channel.batches) batches.push([...batch]);
    })();
    await Promise.resolve();
    channel.push(1);
    channel.push(2);
    // One wake asked for the burst, none given yet: the reader has nothing.
    expect(deferred).toHaveLength(1);
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(batches).toEqual([]);
    deferred.shift()?.();
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(batches).toEqual([[1, 2]]);
    // Three waiting values reach the mark: the reader wakes without the deferred call.
    channel.push(3);
    channel.push(4);
    channel.push(5);
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    channel.push(6);
    channel.close();
    await reading;
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
    // A deferred wake that comes after the end is harmless.
    deferred.forEach((wake) => wake());
  });

  it('wakes a per-value reader at once even with defer', async () => {
    const channel = createEventChannel<string>({ defer: () => undefined });
    const reading = readAll(channel);
    await Promise.resolve();
    channel.push('a');
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    channel.close();
    expect(await reading).toEqual(['a']);
  });

  it('splits values between two concurrent readers without losing one', async () => {
    const channel = createEventChannel<number>();
    const iterator = channel[Symbol.asyncIterator]();
    const first = iterator.next();
    const second = iterator.next();
    channel.push(1);
    channel.push(2);
    channel.close();
    const values = [await first, await second, await iterator.next()];
    expect(values.map((result) => (result.done === true ? 'end' : result.value))).toEqual([1, 2, 'end']);
    expect(values[2]?.done).toBe(true);
  });

  it('reads a long buffer in order without shifting it (a late reader of 100,000 values)', async () => {
    const channel = createEventChannel<number>();
    for (let value = 0; value < 100_000; value += 1) channel.push(value);
    channel.close();
    const values = await readAll(channel);
    expect(values).toHaveLength(100_000);
    expect(values.every((value, index) => value === index)).toBe(true);
  });
});
