import { describe, expect, it } from 'vitest';
import { ModelError, type Model, type ModelStreamPart } from '../engine/model/model';
import { createLazyModel } from './create-lazy-model';

const request = { messages: [], tools: [], maxTokens: 10 };
const signal = new AbortController().signal;
const identity = { provider: 'anthropic', modelId: 'claude-x', countsTokens: true };

function fakeModel(): Model {
  return {
    provider: 'anthropic',
    modelId: 'claude-x',
    doStream: () =>
      (async function* () {
        yield await Promise.resolve({ type: 'text-delta', text: 'hi' } as ModelStreamPart);
      })(),
    countTokens: () => Promise.resolve(42),
  };
}

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

describe('createLazyModel', () => {
  it('loads the adapter once, on the first call, and passes every part through', async () => {
    let loads = 0;
    const model = createLazyModel(identity, () => {
      loads += 1;
      return Promise.resolve(fakeModel());
    });
    expect(loads).toBe(0);
    expect(model.provider).toBe('anthropic');
    expect(model.modelId).toBe('claude-x');
    expect(await collect(model.doStream(request, signal))).toEqual([{ type: 'text-delta', text: 'hi' }]);
    expect(await model.countTokens?.(request, signal)).toBe(42);
    expect(loads).toBe(1);
  });

  it('has no countTokens when the adapter has none', () => {
    const model = createLazyModel({ ...identity, countsTokens: false }, () => Promise.resolve(fakeModel()));
    expect('countTokens' in model).toBe(false);
  });

  it('fails the call as a ModelError when the chunk cannot be loaded, and tries again on the next call', async () => {
    let loads = 0;
    const model = createLazyModel(identity, () => {
      loads += 1;
      return loads === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve(fakeModel());
    });
    const failure = collect(model.doStream(request, signal));
    await expect(failure).rejects.toBeInstanceOf(ModelError);
    await expect(failure).rejects.toThrow(/could not load its anthropic adapter.*Failed to fetch/);
    expect(await collect(model.doStream(request, signal))).toHaveLength(1);
    expect(loads).toBe(2);
  });
});
