import { describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../engine/tool/tool';
import type { LocalToolDefinition, LocalToolHandler } from '../../protocol/tool-settings';
import { compileQuickJSForNode } from './compile-quickjs-node.test-helper';
import { createLocalTool } from './create-local-tool';
import { createHandlerRunner, type SandboxWorker } from './run-in-sandbox';
import { SANDBOX_START_ALLOWANCE_MS } from './sandbox-limits';
import { spawnThreadSandbox } from './spawn-thread-sandbox.test-helper';

// Real sandboxes: QuickJS in a worker thread per call. The start allowance is generous so that a loaded
// machine's slow thread start never stands in for the cap a test is about.
const runHandler = createHandlerRunner({
  spawn: spawnThreadSandbox,
  compileQuickJS: compileQuickJSForNode,
  startAllowanceMs: 60_000,
});

function definition(handler: LocalToolHandler): LocalToolDefinition {
  return {
    id: 't1',
    name: 'lookup',
    description: 'Looks things up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    handler,
  };
}

function context(signal = new AbortController().signal, logged: string[] = []): ToolRunContext {
  return { signal, onProgress: () => {}, log: (level, message) => logged.push(`${level} ${message}`) };
}

const script = (source: string, timeoutMs = 30_000): LocalToolHandler => ({ kind: 'script', source, timeoutMs });

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
      definition(script('return { echoed: input.q.toUpperCase(), n: 2 };', 5000)),
      runHandler,
    );
    // The engine's deadline comes after the sandbox's own time cap and start allowance.
    expect(tool.timeoutMs).toBe(5000 + SANDBOX_START_ALLOWANCE_MS + 1000);
    const output = await tool.run({ q: 'paris' }, context());
    expect(output.content).toEqual([{ type: 'text', text: '{\n  "echoed": "PARIS",\n  "n": 2\n}' }]);
    expect(output.structured).toEqual({ echoed: 'PARIS', n: 2 });
  });

  it('turns a string result into text, and a thrown error into a tool error with the console output', async () => {
    const ok = createLocalTool(definition(script('return `hi ${input.q}`;')), runHandler);
    expect((await ok.run({ q: 'there' }, context())).content).toEqual([{ type: 'text', text: 'hi there' }]);

    const logged: string[] = [];
    const failing = createLocalTool(
      definition(script('console.warn("looking up", input.q);\nthrow new Error("no such city");')),
      runHandler,
    );
    expect(await failing.run({ q: 'Atlantis' }, context(undefined, logged))).toEqual({
      content: [{ type: 'text', text: 'Error: no such city (line 2)\n\nConsole output:\nwarn: looking up Atlantis' }],
      isError: true,
    });
    expect(logged).toEqual(['warning warn: looking up Atlantis']);
  });

  it('reports a syntax error in the handler instead of hanging', async () => {
    const broken = createLocalTool(definition(script('return {')), runHandler);
    const output = await broken.run({}, context());
    expect(output.isError).toBe(true);
    expect(output.content).toEqual([{ type: 'text', text: expect.stringMatching(/^SyntaxError: /) as string }]);
  });

  it('ends an endless loop at its time cap as a plain tool error that is not worth retrying', async () => {
    const looping = createLocalTool(definition(script('while (true) {}', 300)), runHandler);
    expect(await looping.run({}, context())).toEqual({
      content: [{ type: 'text', text: 'Time cap: the handler ran longer than its 300 ms and was stopped.' }],
      isError: true,
      retryable: false,
    });
  });

  it('ends a 1 GB allocation at the memory cap as a plain tool error', async () => {
    const hungry = createLocalTool(definition(script("return 'x'.repeat(1e9);")), runHandler);
    expect(await hungry.run({}, context())).toEqual({
      content: [{ type: 'text', text: 'Memory cap: the handler needed more than 64 MB of memory and was stopped.' }],
      isError: true,
      retryable: false,
    });
  });

  it('stops the handler when the call is cancelled', async () => {
    const controller = new AbortController();
    const pending = runHandler('while (true) {}', {}, { timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});

describe('createHandlerRunner', () => {
  /** A sandbox that never answers, standing in for one stuck in a long built-in call. */
  function silentSandbox(terminated: string[]): SandboxWorker {
    return {
      onmessage: null,
      onerror: null,
      postMessage: () => {},
      terminate: () => terminated.push('terminated'),
    };
  }

  it('terminates a sandbox that does not answer by its backstop and says which cap with figures', async () => {
    const terminated: string[] = [];
    // Compiled before the clock starts: on a loaded machine a compile slower than the 50 ms backstop would end
    // the call before any sandbox was spawned, and there would be nothing to terminate.
    const compiled = await compileQuickJSForNode();
    const runner = createHandlerRunner({
      spawn: () => silentSandbox(terminated),
      compileQuickJS: () => Promise.resolve(compiled),
      startAllowanceMs: 20,
    });
    const outcome = await runner('for (;;) {}', {}, { timeoutMs: 30, signal: new AbortController().signal });
    expect(outcome).toEqual({
      kind: 'cap',
      cap: 'time',
      message:
        "Time cap: the sandbox did not answer within 50 ms (the handler's 30 ms plus 20 ms to start) and was stopped.",
      console: [],
    });
    expect(terminated).toEqual(['terminated']);
  });

  it('compiles QuickJS once, lazily, and tries again after a failed compile', async () => {
    let compiles = 0;
    const runner = createHandlerRunner({
      spawn: spawnThreadSandbox,
      compileQuickJS: () => {
        compiles += 1;
        return compiles === 1 ? Promise.reject(new Error('offline')) : compileQuickJSForNode();
      },
      startAllowanceMs: 60_000,
    });
    expect(compiles).toBe(0);
    const signal = new AbortController().signal;
    await expect(runner('return 1;', {}, { timeoutMs: 5000, signal })).rejects.toThrow(
      'The JavaScript sandbox could not start: offline',
    );
    await expect(runner('return 1;', {}, { timeoutMs: 5000, signal })).resolves.toMatchObject({ kind: 'json' });
    await expect(runner('return 2;', {}, { timeoutMs: 5000, signal })).resolves.toMatchObject({ kind: 'json' });
    expect(compiles).toBe(2);
  });

  it('reports a sandbox worker that fails to load', async () => {
    const runner = createHandlerRunner({
      spawn: () => {
        const worker = silentSandbox([]);
        worker.postMessage = () => queueMicrotask(() => worker.onerror?.({ message: 'blocked by CSP' }));
        return worker;
      },
      compileQuickJS: compileQuickJSForNode,
    });
    await expect(runner('return 1;', {}, { timeoutMs: 5000, signal: new AbortController().signal })).rejects.toThrow(
      'The JavaScript sandbox could not start: blocked by CSP.',
    );
  });
});
