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
});
