import { describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../engine/tool/tool';
import type { LocalToolDefinition, LocalToolHandler } from '../../protocol/tool-settings';
import { createLocalTool } from './create-local-tool';
import { createHandlerRunner } from './run-in-sandbox';
import { spawnThreadSandbox } from './spawn-thread-sandbox.test-helper';

const runHandler = createHandlerRunner(spawnThreadSandbox);

function definition(handler: LocalToolHandler): LocalToolDefinition {
  return {
    id: 't1',
    name: 'lookup',
    description: 'Looks things up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    handler,
  };
}

function context(signal = new AbortController().signal): ToolRunContext {
  return { signal, onProgress: () => {}, log: () => {} };
}

describe('createLocalTool', () => {
  it('answers with canned text, JSON, image and error results', async () => {
    const text = await createLocalTool(definition({ kind: 'text', text: 'hello' }), runHandler).run({}, context());
    expect(text).toEqual({ content: [{ type: 'text', text: 'hello' }] });

    const json = await createLocalTool(definition({ kind: 'json', value: { a: 1 } }), runHandler).run({}, context());
    expect(json.content).toEqual([{ type: 'text', text: '{\n  "a": 1\n}' }]);
    expect(json.isError).toBeUndefined();

    const image = await createLocalTool(
      definition({ kind: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }),
      runHandler,
    ).run({}, context());
    expect(image.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);

    const error = await createLocalTool(definition({ kind: 'error', message: 'Not found' }), runHandler).run(
      {},
      context(),
    );
    expect(error).toEqual({ content: [{ type: 'text', text: 'Not found' }], isError: true });
  });

  it('exposes the definition and marks the tool local', () => {
    const tool = createLocalTool(definition({ kind: 'text', text: 'x' }), runHandler);
    expect(tool).toMatchObject({ name: 'lookup', description: 'Looks things up.', origin: { kind: 'local' } });
  });

  it('runs a JavaScript handler on the input and returns its value', async () => {
    const tool = createLocalTool(
      definition({ kind: 'script', source: 'return { echoed: input.q.toUpperCase(), n: 2 };', timeoutMs: 5000 }),
      runHandler,
    );
    expect(tool.timeoutMs).toBe(5000);
    const output = await tool.run({ q: 'paris' }, context());
    expect(output.content).toEqual([{ type: 'text', text: '{\n  "echoed": "PARIS",\n  "n": 2\n}' }]);
    expect(output.structured).toEqual({ echoed: 'PARIS', n: 2 });
  });

  it('turns a string result into text and a thrown error into a rejection with its message', async () => {
    const ok = createLocalTool(
      definition({ kind: 'script', source: 'return `hi ${input.q}`;', timeoutMs: 5000 }),
      runHandler,
    );
    expect((await ok.run({ q: 'there' }, context())).content).toEqual([{ type: 'text', text: 'hi there' }]);

    const failing = createLocalTool(
      definition({ kind: 'script', source: 'throw new Error("no such city");', timeoutMs: 5000 }),
      runHandler,
    );
    await expect(failing.run({}, context())).rejects.toThrow('no such city');
  });

  it('reports a syntax error in the handler instead of hanging', async () => {
    const broken = createLocalTool(definition({ kind: 'script', source: 'return {', timeoutMs: 5000 }), runHandler);
    await expect(broken.run({}, context())).rejects.toThrow(/could not run/);
  });

  it('terminates a handler that never answers, at its timeout', async () => {
    const started = Date.now();
    await expect(
      runHandler('while (true) {}', {}, { timeoutMs: 300, signal: new AbortController().signal }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops the handler when the call is cancelled', async () => {
    const controller = new AbortController();
    const pending = runHandler('await new Promise(() => {});', {}, { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/cancelled/);
  });

  it('gives the handler no network, no storage and nothing of the engine (no key)', async () => {
    // The engine's side holds a key; the sandbox must not see it.
    (globalThis as Record<string, unknown>)['loupeTestApiKey'] = 'sk-ant-secret';
    const probe = `
      const seen = {
        fetch: typeof fetch,
        xhr: typeof XMLHttpRequest,
        webSocket: typeof WebSocket,
        indexedDB: typeof indexedDB,
        importScripts: typeof importScripts,
        key: typeof loupeTestApiKey,
        keyish: Object.getOwnPropertyNames(globalThis).filter((name) => /api.?key|secret|token|anthropic/i.test(name)),
        input,
      };
      return seen;`;
    const value = await runHandler(probe, { q: 'x' }, { timeoutMs: 5000, signal: new AbortController().signal });
    expect(value).toEqual({
      fetch: 'undefined',
      xhr: 'undefined',
      webSocket: 'undefined',
      indexedDB: 'undefined',
      importScripts: 'undefined',
      key: 'undefined',
      keyish: [],
      input: { q: 'x' },
    });
    delete (globalThis as Record<string, unknown>)['loupeTestApiKey'];
  });
});
