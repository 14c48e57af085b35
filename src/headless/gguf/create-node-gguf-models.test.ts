import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../engine/model/model';
import { createScriptedGgufEngine } from '../../providers/gguf/testing/scripted-gguf-engine';
import { collectStreamParts } from '../../providers/testing/collect-stream-parts';
import { checkGgufFile, createNodeGgufModels } from './create-node-gguf-models';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loupe-gguf-unit-'));
  await writeFile(join(folder, 'ok.gguf'), Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(40)]));
  await writeFile(join(folder, 'text.gguf'), 'just some text, not a model');
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 8,
};

describe('checkGgufFile', () => {
  it('takes a file that starts with the GGUF magic and refuses the rest in words', async () => {
    await expect(checkGgufFile(join(folder, 'ok.gguf'))).resolves.toBeUndefined();
    await expect(checkGgufFile(join(folder, 'text.gguf'))).rejects.toThrow('is not a GGUF file');
    await expect(checkGgufFile(join(folder, 'missing.gguf'))).rejects.toThrow('cannot open');
    await expect(checkGgufFile(folder)).rejects.toThrow();
  });
});

describe('createNodeGgufModels', () => {
  it('loads a file once for every model that names it, and frees it on dispose', async () => {
    const loads: string[] = [];
    let unloads = 0;
    const models = createNodeGgufModels((path) => {
      loads.push(path);
      return Promise.resolve({
        engine: createScriptedGgufEngine([['one'], ['two']]),
        unload: () => Promise.resolve(void (unloads += 1)),
      });
    });
    const path = join(folder, 'ok.gguf');
    const first = models.createModel({ model: path, constrainToolCalls: true });
    const second = models.createModel({ model: path, constrainToolCalls: false });
    await collectStreamParts(first.doStream(request, new AbortController().signal));
    await collectStreamParts(second.doStream(request, new AbortController().signal));
    expect(loads).toEqual([path]);
    expect(first.provider).toBe('in-browser');
    await models.dispose();
    expect(unloads).toBe(1);
  });

  it('fails a run whose file cannot load with a ModelError, and tries again on the next run', async () => {
    let attempts = 0;
    const models = createNodeGgufModels(() => {
      attempts += 1;
      return Promise.reject(new Error('llama.cpp refused the file'));
    });
    const model = models.createModel({ model: join(folder, 'ok.gguf'), constrainToolCalls: true });
    for (let index = 0; index < 2; index += 1)
      await expect(collectStreamParts(model.doStream(request, new AbortController().signal))).rejects.toMatchObject({
        name: 'ModelError',
        message: 'The GGUF model could not be loaded: llama.cpp refused the file',
      });
    expect(attempts).toBe(2);
  });
});
