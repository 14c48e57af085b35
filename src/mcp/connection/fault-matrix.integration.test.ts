// The fault suite for MCP: real SDK servers of both eras behind a TCP fault proxy; each fault crossed with the moment
// it strikes (idle, during initialize, during tools/list, mid-call), with the outcome and a bound on the time to it.
// FAULT_TABLE=<file> writes the measured table (docs/faults.md quotes it).
import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { startFaultServer } from '../../../test/servers/fault-server';
import { startFaultProxy, type Fault, type FaultProxy } from '../../../test/support/fault-proxy';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from './connect-mcp-server';
import { type McpConnection } from './mcp-connection';
import { McpConnectionError, McpConnectionLostError } from './mcp-connection-error';

type Era = '2025' | '2026-07-28';
type When = 'idle' | 'initialize' | 'tools/list' | 'mid-call';

interface Case {
  fault: Fault | 'restart';
  when: When;
  /** The outcome in a few words (see `outcomeOf`). */
  expected: string;
  /** The outcome must come within this many ms of the fault. */
  withinMs: number;
  /** The call's idle timeout, when the case needs another than `toolTimeoutMs`. */
  idleMs?: number;
}

const cut: Fault = { kind: 'cut' };
const reset: Fault = { kind: 'reset' };
const stall: Fault = { kind: 'stall' };

/** Bounds that make a stall end quickly and deterministically: the timeouts the person would set, shortened. */
const connectTimeoutMs = 400;
const toolTimeoutMs = 1_000;

const cases: Case[] = [
  { fault: cut, when: 'initialize', expected: 'connect failed (unreachable)', withinMs: 2_000 },
  { fault: reset, when: 'initialize', expected: 'connect failed (unreachable)', withinMs: 2_000 },
  { fault: stall, when: 'initialize', expected: 'connect failed (unreachable)', withinMs: connectTimeoutMs + 1_500 },
  { fault: { kind: 'status', status: 404 }, when: 'initialize', expected: 'connect failed', withinMs: 2_000 },
  { fault: { kind: 'status', status: 502 }, when: 'initialize', expected: 'connect failed (http)', withinMs: 2_000 },
  { fault: cut, when: 'tools/list', expected: 'connect failed (unreachable)', withinMs: 2_000 },
  { fault: { kind: 'status', status: 502 }, when: 'tools/list', expected: 'connect failed (http)', withinMs: 2_000 },
  { fault: cut, when: 'mid-call', expected: 'lost: the server closed it', withinMs: 2_000 },
  { fault: reset, when: 'mid-call', expected: 'lost: the', withinMs: 2_000 },
  { fault: stall, when: 'mid-call', expected: 'timeout', withinMs: toolTimeoutMs + 1_500 },
  // Bytes do not restart the idle clock (progress does): the timeout is long enough for the drip however slow the
  // machine's timers are, so the outcome cannot depend on them.
  { fault: { kind: 'drip', everyMs: 1 }, when: 'mid-call', expected: 'ok', withinMs: 20_000, idleMs: 20_000 },
  {
    fault: { kind: 'status', status: 502 },
    when: 'mid-call',
    expected: 'error: faulty answered the call with HTTP 502',
    withinMs: 2_000,
  },
  { fault: cut, when: 'idle', expected: 'ok', withinMs: 2_000 },
  { fault: 'restart', when: 'idle', expected: 'ok', withinMs: 2_000 },
];

const methodOf: Record<Era, Record<'initialize' | 'tools/list' | 'mid-call', string>> = {
  '2025': { initialize: '"method":"initialize"', 'tools/list': '"method":"tools/list"', 'mid-call': '"name":"hold"' },
  '2026-07-28': {
    initialize: '"method":"server/discover"',
    'tools/list': '"method":"tools/list"',
    'mid-call': '"name":"hold"',
  },
};

const context = (): ToolRunContext => ({ signal: new AbortController().signal, onProgress: () => {}, log: () => {} });

/** The outcome in the words the table uses. */
function outcomeOf(result: unknown): string {
  if (result instanceof McpConnectionError) return `connect failed (${result.problem.kind})`;
  if (result instanceof McpConnectionLostError) return `lost: ${result.reason}`;
  if (result instanceof Error && result.name === 'TimeoutError') return 'timeout';
  if (result instanceof Error) return `error: ${result.message}`;
  return 'ok';
}

const describeFault = (fault: Case['fault']) =>
  fault === 'restart' ? 'restart' : fault.kind === 'status' ? `answer ${fault.status}` : fault.kind;

const table: string[] = [];

describe.each(['2025', '2026-07-28'] as const)('MCP faults, era %s', (era) => {
  let server: McpHttpHandle;
  let proxy: FaultProxy;
  let connection: McpConnection | undefined;
  const healths: string[] = [];
  beforeEach(async () => {
    healths.length = 0;
    server = await startFaultServer();
    proxy = await startFaultProxy(Number(new URL(server.url).port));
  });
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    await proxy.close();
    await server.close();
  });

  // The short connect bound is for the stall cases only: any other connect gets room, so a loaded machine's slow
  // answer is not read as a stall (a 502 at initialize once came out "unreachable").
  const connect = (idleMs = toolTimeoutMs, connectMs = 10_000) =>
    connectMcpServer(
      { id: 'f', name: 'faulty', url: proxy.url('/mcp'), headers: {}, era },
      {
        connectTimeoutMs: connectMs,
        toolTimeoutMs: idleMs,
        onHealth: (health) => healths.push(health.status),
        // As for a server that went away: in Node the no-cors probe would reach the proxy and read as CORS.
        probe: () => Promise.resolve(false),
      },
    );
  /** `hold`, answered after 300 ms: its first bytes (a log line) come back at once. */
  const hold = (target: McpConnection) =>
    target.createTool('hold', 'hold')?.run({ releaseAfterMs: 300 }, context()) ?? Promise.reject(new Error('no hold'));
  const echo = (target: McpConnection) =>
    target.createTool('echo', 'echo')?.run({ text: 'x'.repeat(200) }, context()) ??
    Promise.reject(new Error('no echo'));

  it.each(cases)(
    '$when: $fault.kind $fault.status → $expected',
    async ({ fault, when, expected, withinMs, idleMs }) => {
      let struckAt: number;
      let result: unknown;
      if (when === 'initialize' || when === 'tools/list') {
        if (fault === 'restart') throw new Error('not a case');
        proxy.arm(fault, { match: methodOf[era][when], at: 'request' });
        struckAt = Date.now();
        result = await connect(toolTimeoutMs, fault.kind === 'stall' ? connectTimeoutMs : undefined).then(
          (made) => {
            connection = made;
            return made;
          },
          (error: unknown) => error,
        );
      } else if (when === 'mid-call') {
        if (fault === 'restart') throw new Error('not a case');
        connection = await connect(idleMs);
        // `response`: once the server's first bytes of the answer came back; a status answers the request itself.
        proxy.arm(fault, { match: methodOf[era]['mid-call'], at: fault.kind === 'status' ? 'request' : 'response' });
        struckAt = Date.now();
        result = await hold(connection).catch((error: unknown) => error);
      } else {
        connection = await connect();
        if (fault === 'restart') {
          // The server process goes away and a new one (no sessions) listens on the same port.
          const port = Number(new URL(server.url).port);
          await server.close();
          server = await startFaultServer(() => {}, port);
        } else proxy.strike(fault as Exclude<Fault, { kind: 'status' }>);
        struckAt = Date.now();
        // A 2025 session's standalone stream shows the loss: the next call waits for the reconnect (a request sent
        // on a keep-alive socket the server has just closed fails in Node; a browser sends it again by itself).
        if (era === '2025') await expect.poll(() => healths.slice(-2)).toEqual(['reconnecting', 'connected']);
        result = await echo(connection).catch((error: unknown) => error);
      }
      const elapsed = Date.now() - struckAt;
      const outcome = outcomeOf(result);
      if (process.env['FAULT_TABLE'] !== undefined)
        table.push(`| ${era} | ${describeFault(fault)} | ${when} | ${outcome} | ${elapsed} ms | ≤ ${withinMs} ms |`);
      expect(outcome.startsWith(expected)).toBe(true);
      expect(elapsed).toBeLessThanOrEqual(withinMs);
    },
  );
});

afterAll(() => {
  const file = process.env['FAULT_TABLE'];
  if (file !== undefined) appendFileSync(file, `${table.join('\n')}\n`);
});
