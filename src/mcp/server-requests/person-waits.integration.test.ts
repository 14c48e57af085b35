import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeaturesServer } from '../../../test/servers/features-server';
import { startModernServer } from '../../../test/servers/modern-server';
import { startModernTasksServer } from '../../../test/servers/modern-tasks-server';
import { startTasksServer } from '../../../test/servers/tasks-server';
import { createTaskRunContext, textOfOutput } from '../../../test/support/task-run-context';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { runWithDeadline } from '../../engine/run/run-with-deadline';
import type { RunEnvironment } from '../../engine/run/run-options';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import type { McpClientHandlers } from './mcp-client-handlers';
import type { McpEraChoice } from '../session/mcp-era';

// The person answers each form after `answerAfterMs`: longer than the engine's idle timeout (`idleMs`) plus the
// MCP requests' own margin over it (1 s), so only a clock that stands still while the person answers lets the
// call complete. A loaded machine only makes the wait longer, which proves the same thing. The idle timeout is
// wide enough that a loaded machine's slow answers around the form (the task's polls) do not trip it by themselves.
const idleMs = 600;
const answerAfterMs = 2_000;

const realEnvironment: RunEnvironment = {
  now: () => Date.now(),
  createId: (prefix) => `${prefix}_${Math.random()}`,
  setTimer(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

const answerSlowly: McpClientHandlers = {
  elicit: async () => {
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    return { action: 'accept', content: { name: 'Ada', guests: 2 } };
  },
};

describe('the idle clock stands still while the person answers a server (forms inside and outside tasks)', () => {
  const servers: McpHttpHandle[] = [];
  const connections: McpConnection[] = [];
  let urls: Record<'tasks' | 'modernTasks' | 'features' | 'modern', string>;
  beforeAll(async () => {
    const started = await Promise.all([
      startTasksServer({ stepMs: 10 }),
      startModernTasksServer({ stepMs: 10 }),
      startFeaturesServer(),
      startModernServer(),
    ]);
    servers.push(...started);
    const [tasks, modernTasks, features, modern] = started.map((server) => server.url);
    urls = { tasks: tasks ?? '', modernTasks: modernTasks ?? '', features: features ?? '', modern: modern ?? '' };
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await Promise.all(servers.map((server) => server.close()));
  });

  const connect = async (url: string, era: McpEraChoice, handlers = answerSlowly) => {
    const connection = await connectMcpServer({ id: url, name: 's', url, headers: {}, era }, { handlers });
    connections.push(connection);
    return connection;
  };
  /** Runs `name` as the loop does: under `runWithDeadline` with an idle timeout of `idleMs`. */
  const runInLoop = async (connection: McpConnection, name: string) => {
    const tool = connection.createTool(name, name);
    if (tool === undefined) throw new Error(`${name} is not listed`);
    return runWithDeadline({
      tool,
      input: {},
      signal: new AbortController().signal,
      timeoutMs: idleMs,
      environment: realEnvironment,
    });
  };

  it('2025 task: the blocking tasks/result waits for the form past the idle timeout, then completes', async () => {
    const settled = await runInLoop(await connect(urls.tasks, '2025'), 'ask_name');
    expect(settled.status).toBe('ok');
    expect(settled.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('2025 task outside the loop: the request’s own idle timeout stands still too', async () => {
    const connection = await connectMcpServer(
      { id: 'bare', name: 'bare', url: urls.tasks, headers: {}, era: '2025' },
      { handlers: answerSlowly, toolTimeoutMs: idleMs },
    );
    connections.push(connection);
    const output = await connection.createTool('ask_name', 'ask_name')?.run({}, createTaskRunContext().context);
    expect(textOfOutput(output)).toBe('Hello, Ada!');
  });

  it('2026 task: a question answered past the idle timeout, then the task completes', async () => {
    const settled = await runInLoop(await connect(urls.modernTasks, '2026-07-28'), 'ask_name');
    expect(settled.status).toBe('ok');
    expect(settled.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
  });

  it('2025 direct call: the tools/call waits for the form past the idle timeout', async () => {
    const settled = await runInLoop(await connect(urls.features, '2025'), 'book_table');
    expect(settled.status).toBe('ok');
    expect(JSON.stringify(settled.content)).toContain('Booked');
  });

  it('2026 direct call (input_required): the form answered past the idle timeout', async () => {
    const settled = await runInLoop(await connect(urls.modern, '2026-07-28'), 'reserve');
    expect(settled.status).toBe('ok');
    expect(JSON.stringify(settled.content)).toContain('Reserved');
  });

  it('still times out a server that stays silent when no one is asked', async () => {
    const silent: McpClientHandlers = { elicit: () => new Promise(() => undefined) };
    const connection = await connect(urls.tasks, '2025', silent);
    const tool = connection.createTool('endless_job', 'endless_job');
    if (tool === undefined) throw new Error('endless_job is not listed');
    const settled = await runWithDeadline({
      tool,
      input: {},
      signal: new AbortController().signal,
      timeoutMs: idleMs,
      environment: realEnvironment,
    });
    expect(settled.status).toBe('timeout');
  });
});
