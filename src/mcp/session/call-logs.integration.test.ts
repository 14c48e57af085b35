// A server's logs land on the call they belong to: parallel calls to one real SDK server (both eras) each hear
// only their own lines; a log about no call reaches the server's log only; one naming a call's progress token
// reaches that call.
import { afterEach, describe, expect, it } from 'vitest';
import { startLogServer, type LogServerHandle } from '../../../test/servers/log-server';
import type { Tool, ToolRunContext } from '../../engine/tool/tool';
import type { TrafficEntry } from '../../shared/traffic-entry';
import { connectMcpServer } from '../connection/connect-mcp-server';
import type { McpConnection } from '../connection/mcp-connection';
import type { ServerLogMessage } from '../server-requests/mcp-client-handlers';

function recordingContext(lines: string[]): ToolRunContext {
  return {
    signal: new AbortController().signal,
    onProgress: () => {},
    log: (level, message) => lines.push(`${level} ${message}`),
  };
}

function workTool(connection: McpConnection): Tool {
  const tool = connection.tools.find((candidate) => candidate.name === 'logs__work');
  if (tool === undefined) throw new Error('no work tool');
  return tool;
}

describe('a server’s logs on the calls they belong to', () => {
  let server: LogServerHandle | undefined;
  let connection: McpConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    await server?.close();
  });

  async function connect(era: '2025' | '2026-07-28', serverLog: ServerLogMessage[], traffic: TrafficEntry[] = []) {
    server = await startLogServer();
    connection = await connectMcpServer(
      { id: 'logs', name: 'logs', url: server.url, headers: {}, era },
      { handlers: { onLog: (entry) => serverLog.push(entry), onTraffic: (entry) => traffic.push(entry) } },
    );
    return { server, work: workTool(connection) };
  }

  it.each(['2025', '2026-07-28'] as const)(
    'era %s: two calls running side by side each hear only their own lines; the server log hears all',
    async (era) => {
      const serverLog: ServerLogMessage[] = [];
      const traffic: TrafficEntry[] = [];
      const { work } = await connect(era, serverLog, traffic);
      const ada: string[] = [];
      const bob: string[] = [];
      // Each call waits on the server until both have started, so each one's lines arrive while both run.
      const outputs = await Promise.all([
        work.run({ name: 'ada' }, recordingContext(ada)),
        work.run({ name: 'bob' }, recordingContext(bob)),
      ]);
      expect(outputs.map((output) => output.content)).toEqual([
        [{ type: 'text', text: 'ada worked' }],
        [{ type: 'text', text: 'bob worked' }],
      ]);
      expect(ada).toEqual(['info work: ada started', 'info work: ada done']);
      expect(bob).toEqual(['info work: bob started', 'info work: bob done']);
      expect(serverLog.map((entry) => entry.data).sort()).toEqual([
        'ada done',
        'ada started',
        'bob done',
        'bob started',
      ]);
      expect(serverLog.every((entry) => entry.level === 'info' && entry.logger === 'work')).toBe(true);
      // The protocol log shows each log as the server sent it: nothing of Loupe's own added.
      const logs = traffic.filter((entry) => entry.method === 'notifications/message');
      expect(logs).toHaveLength(4);
      for (const entry of logs)
        expect(Object.keys((entry.message as { params: object }).params).sort()).toEqual(['data', 'level', 'logger']);
    },
  );

  it('era 2025: a log on no request’s stream stays on the server log, even while a call runs', async () => {
    const serverLog: ServerLogMessage[] = [];
    const { server, work } = await connect('2025', serverLog);
    server.expect(1);
    const lines: string[] = [];
    const running = work.run({ name: 'ada', hold: true, aside: 'unrelated' }, recordingContext(lines));
    // The call is held on the server until the unrelated line has reached the client: it arrives mid-call.
    await expect.poll(() => serverLog.map((entry) => entry.data)).toContain('about no call (sent while ada ran)');
    server.release();
    await running;
    expect(lines).toEqual(['info work: ada started', 'info work: ada done']);
  });

  it('era 2025: a log on no request’s stream that names a call’s progress token goes to that call', async () => {
    const serverLog: ServerLogMessage[] = [];
    const { work } = await connect('2025', serverLog);
    const ada: string[] = [];
    const bob: string[] = [];
    await Promise.all([
      work.run({ name: 'ada', aside: 'named' }, recordingContext(ada)),
      work.run({ name: 'bob' }, recordingContext(bob)),
    ]);
    expect(ada).toContain('info ada named');
    expect(bob).toEqual(['info work: bob started', 'info work: bob done']);
    expect(serverLog.map((entry) => entry.data)).toContain('ada named');
  });
});
