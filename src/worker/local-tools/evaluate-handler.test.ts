import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileQuickJSForNode } from './compile-quickjs-node.test-helper';
import { evaluateHandler, type HandlerOutcome } from './evaluate-handler';
import { loadQuickJS } from './load-quickjs';
import { SANDBOX_LIMITS } from './sandbox-limits';

let quickjs: QuickJSWASMModule;
let wasmModule: WebAssembly.Module;

beforeAll(async () => {
  wasmModule = await compileQuickJSForNode();
  quickjs = await loadQuickJS(wasmModule);
});

/** Runs `source` with a time cap long enough that only the cap under test can stop it on a loaded machine. */
function run(source: string, input: Record<string, unknown> = {}, timeoutMs = 60_000): HandlerOutcome {
  const outcome = evaluateHandler(quickjs, { source, input, timeoutMs }, SANDBOX_LIMITS);
  expect(outcome).not.toHaveProperty('poisoned');
  return outcome;
}

describe('evaluateHandler: what a handler can do', () => {
  it('gets its input as a copy and returns text, JSON or nothing', () => {
    expect(run('return `hi ${input.q}`;', { q: 'there' })).toEqual({ kind: 'text', text: 'hi there', console: [] });
    expect(run('return { echoed: input.q.toUpperCase(), n: [1, 2] };', { q: 'paris' })).toEqual({
      kind: 'json',
      json: '{"echoed":"PARIS","n":[1,2]}',
      console: [],
    });
    expect(run('return;')).toEqual({ kind: 'nothing', console: [] });
    expect(run('return null;')).toEqual({ kind: 'nothing', console: [] });
  });

  it('awaits its own promises (jobs run inside the interpreter)', () => {
    expect(run('const a = await Promise.resolve(2); return a * (await (async () => 21)());')).toMatchObject({
      kind: 'json',
      json: '42',
    });
  });

  it('turns a thrown error into an error outcome with its line, and a syntax error too', () => {
    expect(run('const city = input.q;\nthrow new Error(`no such city: ${city}`);', { q: 'Atlantis' })).toEqual({
      kind: 'error',
      message: 'Error: no such city: Atlantis (line 2)',
      console: [],
    });
    expect(run('throw "plain words";')).toMatchObject({ kind: 'error', message: 'plain words' });
    expect(run('return {')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^SyntaxError: /) as string,
    });
    expect(run('undeclared = 1;')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('ReferenceError') as string,
    });
  });

  it('keeps console output (bounded) for the caller', () => {
    const outcome = run('console.log("seen", { a: 1 }, [2]); console.error(new TypeError("bad")); return 1;');
    expect(outcome.console).toEqual(['log: seen {"a":1} [2]', 'error: TypeError: bad']);
    const flood = run('for (let i = 0; i < 500; i++) console.log("x".repeat(5000)); return 1;');
    expect(flood.console).toHaveLength(SANDBOX_LIMITS.consoleLines + 1);
    expect(flood.console.at(-1)).toBe('(400 more console lines not kept)');
    expect(flood.console[0]?.length).toBeLessThanOrEqual(SANDBOX_LIMITS.consoleLineCharacters + 10);
  });

  it('says so when the value is not text or JSON, or the promise can never settle', () => {
    expect(run('return () => 1;')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('function') as string,
    });
    expect(run('await new Promise(() => {});')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('never settled') as string,
    });
  });
});

describe('evaluateHandler: what an attacker tries', () => {
  it('has no network, timers, modules or host objects at all', () => {
    const probe = run(`return {
      fetch: typeof fetch, xhr: typeof XMLHttpRequest, webSocket: typeof WebSocket, eventSource: typeof EventSource,
      importScripts: typeof importScripts, setTimeout: typeof setTimeout, self: typeof self, window: typeof window,
      require: typeof require, process: typeof process, std: typeof std, os: typeof os, WebAssembly: typeof WebAssembly,
      globals: Object.getOwnPropertyNames(globalThis).filter((name) => !/^[A-Z]/.test(name)).sort(),
    };`);
    expect(probe.kind).toBe('json');
    const seen = JSON.parse((probe as { json: string }).json) as Record<string, unknown>;
    const { globals, ...types } = seen;
    expect(new Set(Object.values(types))).toEqual(new Set(['undefined']));
    // Only the language's own lower-case globals and the console.
    expect(globals).toEqual([
      'console',
      'decodeURI',
      'decodeURIComponent',
      'encodeURI',
      'encodeURIComponent',
      'escape',
      'eval',
      'globalThis',
      'isFinite',
      'isNaN',
      'parseFloat',
      'parseInt',
      'undefined',
      'unescape',
    ]);
  });

  it('fails import() of a URL, static or dynamic, without any request', () => {
    expect(run("return await import('http://127.0.0.1:9/steal.js');")).toEqual({
      kind: 'error',
      message: "ReferenceError: could not load module 'http://127.0.0.1:9/steal.js'",
      console: [],
    });
    expect(run("import x from 'http://127.0.0.1:9/steal.js'; return x;")).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^SyntaxError/) as string,
    });
  });

  it('stops a 1 GB allocation at the memory cap and says so with the figure', () => {
    const expected = {
      kind: 'cap',
      cap: 'memory',
      message: 'Memory cap: the handler needed more than 64 MB of memory and was stopped.',
      console: [],
    };
    expect(run('return new Array(1e9).fill(0).length;')).toEqual(expected);
    expect(run("return 'x'.repeat(1e9).length;")).toEqual(expected);
    // A handler that catches the failure but keeps the memory still gets its own error read: the report has room.
    const kept = run(
      "const keep = []; try { for (;;) keep.push(new Float64Array(1e6)); } catch (e) { throw new Error('gave up at ' + keep.length); }",
    );
    expect(kept).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^Error: gave up at \d+ \(line 1\)$/) as string,
    });
  }, 60_000);

  it('stops an endless loop at the time cap and says so with the figure', () => {
    expect(run('while (true) {}', {}, 300)).toEqual({
      kind: 'cap',
      cap: 'time',
      message: 'Time cap: the handler ran longer than its 300 ms and was stopped.',
      console: [],
    });
    // The interrupt cannot be caught, and a getter run while serialising the result is under the cap too.
    expect(run('try { while (true) {} } catch { return "escaped"; }', {}, 300)).toMatchObject({ cap: 'time' });
    expect(run('return { get x() { for (;;) {} } };', {}, 300)).toMatchObject({ cap: 'time' });
  });

  it('stops runaway recursion at the stack cap', () => {
    expect(run('const f = (n) => f(n + 1) + 1; return f(0);')).toEqual({
      kind: 'cap',
      cap: 'stack',
      message:
        'Stack cap: the handler nested calls deeper than its 128 KB stack allows (runaway recursion?) and was stopped.',
      console: [],
    });
  });

  it('measures a 50 MB result against the output cap without copying it out', () => {
    const expected = {
      kind: 'cap',
      cap: 'output',
      message: "Output cap: the handler's result is longer than 1,000,000 characters; return less.",
      console: [],
    };
    expect(run("return 'x'.repeat(50 * 1024 * 1024);")).toEqual(expected);
    expect(run("return { data: 'x'.repeat(50 * 1024 * 1024) };")).toEqual(expected);
    expect(run('return Array.from({ length: 300000 }, (_, i) => i);')).toEqual(expected);
  }, 60_000);

  it('cannot spoil the caps by replacing the built-ins the host reads through', () => {
    const outcome = run(`
      JSON.stringify = () => 'x'.repeat(5e6);
      String.prototype.slice = () => 'forged';
      Array.prototype.push = () => 0;
      console.log('still logged');
      return 'x'.repeat(2e6);`);
    expect(outcome).toMatchObject({ kind: 'cap', cap: 'output', console: ['log: still logged'] });
    expect(run('globalThis.console = null; return 1;')).toMatchObject({ kind: 'json', json: '1' });
  });

  it('bounds an error message the handler makes huge', () => {
    const outcome = run("throw new Error('m'.repeat(10e6));");
    expect(outcome.kind).toBe('error');
    expect((outcome as { message: string }).message.length).toBeLessThanOrEqual(SANDBOX_LIMITS.errorCharacters + 20);
  });

  it('starts every call from a fresh runtime (nothing leaks from one call to the next)', () => {
    run('globalThis.secret = "from call 1"; return 1;');
    expect(run('return typeof secret;')).toMatchObject({ kind: 'text', text: 'undefined' });
  });
});

describe('evaluateHandler: a promise chain that never ends', () => {
  it('stops at the time cap, says so, and leaves the interpreter usable for the next call', () => {
    const endless =
      'Promise.resolve().then(function again() { return Promise.resolve().then(again); });\nawait new Promise(() => {});';
    for (const timeoutMs of [1, 50, 300]) {
      expect(run(endless, {}, timeoutMs)).toMatchObject({ kind: 'cap', cap: 'time' });
    }
    expect(run('return 1 + 1;')).toMatchObject({ kind: 'json', json: '2' });
  });

  it('frees a runtime stopped with jobs still queued (QuickJS would abort the whole module)', () => {
    const queued = 'for (let i = 0; i < 100; i += 1) Promise.resolve(i).then((n) => n * 2);\nfor (;;) {}';
    expect(run(queued, {}, 300)).toMatchObject({ kind: 'cap', cap: 'time' });
    expect(run('return 1 + 1;')).toMatchObject({ kind: 'json', json: '2' });
  });
});
