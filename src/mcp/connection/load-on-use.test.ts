import { describe, expect, it } from 'vitest';
import { loadOnFirstCall } from './load-on-use';

interface Pair {
  add(a: number, b: number): Promise<number>;
  name(): Promise<string>;
}

describe('loadOnFirstCall', () => {
  it('makes the object once, with the first call, and passes each call on with its arguments', async () => {
    let made = 0;
    const pair = loadOnFirstCall<Pair>({ add: true, name: true }, () => {
      made += 1;
      return Promise.resolve({ add: (a, b) => Promise.resolve(a + b), name: () => Promise.resolve('pair') });
    });
    expect(made).toBe(0);
    const [sum, name] = await Promise.all([pair.add(2, 3), pair.name()]);
    expect([sum, name, await pair.add(-1, 1)]).toEqual([5, 'pair', 0]);
    expect(made).toBe(1);
  });

  it('rejects the call whose load failed and loads again for the next', async () => {
    let tries = 0;
    const pair = loadOnFirstCall<Pair>({ add: true, name: true }, () => {
      tries += 1;
      if (tries === 1) return Promise.reject(new Error('chunk missing'));
      return Promise.resolve({ add: (a, b) => Promise.resolve(a * b), name: () => Promise.resolve('second') });
    });
    await expect(pair.name()).rejects.toThrow('chunk missing');
    expect(await pair.add(4, 5)).toBe(20);
    expect(tries).toBe(2);
  });

  it('lets a method reject as the loaded one does', async () => {
    const pair = loadOnFirstCall<Pair>({ add: true, name: true }, () =>
      Promise.resolve({ add: () => Promise.reject(new Error('no extension')), name: () => Promise.resolve('') }),
    );
    await expect(pair.add(1, 1)).rejects.toThrow('no extension');
  });
});
