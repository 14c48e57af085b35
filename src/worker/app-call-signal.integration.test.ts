// An MCP App's call to a slow tool of a real SDK server, through the worker: its progress and the server's log
// reach the run's log and the transcript, and Stop aborts the MCP request itself (the handler's signal fires).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { startDemoServer } from '../../server/demo-server';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript } from '../engine/transcript/transcript';
import type { McpAppToolResult } from '../protocol/mcp-app-messages';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness } from './testing/create-host-harness';

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };

/** What the slow tool's handler saw: its call began, and whether (and why) its abort signal fired. */
interface SlowProbe {
  started: Promise<void>;
  aborted: Promise<string>;
}

/** A server with a tool that opens an app and an app tool that reports progress, logs, then waits for its abort. */
function createSlowServer(probe: { start: () => void; abort: (why: string) => void }) {
  return () => {
    const server = new McpServer({ name: 'slow', version: '1.0.0' }, { capabilities: { logging: {} } });
    const page = 'ui://slow/page.html';
    server.registerTool('with_app', { description: 'Has an app.', _meta: { ui: { resourceUri: page } } }, () => ({
      content: [{ type: 'text', text: 'opened' }],
    }));
    server.registerTool(
      'crawl',
      { description: 'Slow; for its app.', _meta: { ui: { visibility: ['app'] } } },
      async (extra) => {
        const token = extra._meta?.progressToken;
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: 1, total: 3, message: 'page 1 of 3' },
          });
        await extra.sendNotification({
          method: 'notifications/message',
          params: { level: 'info', logger: 'crawl', data: 'fetched page 1' },
        });
        probe.start();
        // Waits for the client's cancel: only an aborted request ends this call.
        await new Promise<void>((resolve) => {
          extra.signal.addEventListener('abort', () => {
            probe.abort(String(extra.signal.reason));
            resolve();
          });
        });
        return { content: [{ type: 'text', text: 'never read' }] };
      },
    );
    server.registerResource('page', page, { mimeType: 'text/html;profile=mcp-app' }, (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>' }],
    }));
    return server;
  };
}

let demo: McpHttpHandle;
let slow: McpHttpHandle;
let probe: SlowProbe;
beforeAll(async () => {
  demo = await startDemoServer();
  const hooks = { start: () => {}, abort: (_why: string) => {} };
  probe = {
    started: new Promise((resolve) => (hooks.start = resolve)),
    aborted: new Promise((resolve) => (hooks.abort = resolve)),
  };
  slow = await serveMcpHttp(createSlowServer(hooks), {});
});
afterAll(async () => {
  await demo.close();
  await slow.close();
});

const appEvents = (events: RunEvent[]) => events.filter((event) => event.type.startsWith('app-call-'));

describe('an MCP App’s call to a slow tool', () => {
  it('records its progress and server log, and Stop aborts the MCP request (the handler’s signal fires)', async () => {
    const harness = createHostHarness();
    try {
      for (const [id, name, url] of [
        ['s1', 'demo', demo.url],
        ['s2', 'slow', slow.url],
      ] as const) {
        await harness.send({ type: 'server-add', server: { id, name, url, headers: {}, includeInstructions: true } });
        await harness.waitFor((messages) =>
          messages.find((m) => m.type === 'server-state' && m.state.serverId === id && m.state.status === 'connected'),
        );
      }
      await harness.send({ type: 'run-start', runId: 'run-1', settings, message: 'What should I wear in Oslo?' });
      await harness.waitFor((messages) =>
        messages.find((m) => m.type === 'run-event' && m.runId === 'run-1' && m.event.type === 'run-end'),
      );
      // The demo run, as if its first call had been slow's tool with an app: imported, then replayed offline, so
      // the run is this worker's (an imported run's app may call no tools).
      const exported = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
      const appOf = exported.rounds[0]?.toolCalls[0]?.id ?? '';
      const text = JSON.stringify(exported).replaceAll('demo__weather_get', 'slow__with_app');
      await harness.send({ type: 'transcript-import', runId: 'run-i', text });
      await harness.send({ type: 'run-replay', runId: 'run-s', sourceRunId: 'run-i', mode: 'offline', settings });
      await harness.waitFor((messages) =>
        messages.find((m) => m.type === 'run-event' && m.runId === 'run-s' && m.event.type === 'run-end'),
      );

      const answer = harness.send({
        type: 'mcp-app-tool-call',
        serverId: 's2',
        runId: 'run-s',
        appOf,
        toolName: 'crawl',
        arguments: {},
      }) as Promise<McpAppToolResult>;
      await probe.started;
      await harness.waitFor(() =>
        appEvents(harness.runEvents('run-s')).some((event) => event.type === 'app-call-log') ? true : undefined,
      );
      const going = appEvents(harness.runEvents('run-s'));
      expect(going.find((event) => event.type === 'app-call-progress')).toMatchObject({
        appOf,
        progress: 1,
        total: 3,
        message: 'page 1 of 3',
      });
      expect(going.find((event) => event.type === 'app-call-log')).toMatchObject({
        appOf,
        level: 'info',
        message: 'crawl: fetched page 1',
      });

      await harness.send({ type: 'run-stop', runId: 'run-s' });
      expect(await probe.aborted).toBeTruthy();
      expect(await answer).toMatchObject({ isError: true });
      expect(appEvents(harness.runEvents('run-s')).at(-1)).toMatchObject({ type: 'app-call-end', status: 'cancelled' });

      const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-s' })) as Transcript;
      const [recorded] = transcript.rounds[0]?.appCalls ?? [];
      expect(recorded).toMatchObject({
        toolName: 'crawl',
        status: 'cancelled',
        progress: [{ progress: 1, total: 3, message: 'page 1 of 3' }],
        logs: [{ level: 'info', message: 'crawl: fetched page 1' }],
      });
      // Export → import → export keeps them.
      await harness.send({ type: 'transcript-import', runId: 'run-again', text: JSON.stringify(transcript) });
      const again = (await harness.send({ type: 'transcript-export', runId: 'run-again' })) as Transcript;
      expect(again.rounds[0]?.appCalls).toEqual(transcript.rounds[0]?.appCalls);
    } finally {
      await harness.host.dispose();
    }
  });
});
