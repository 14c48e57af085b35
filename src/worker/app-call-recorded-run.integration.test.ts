// Issue 36 (Low): an imported (or restored) run is a recording. Its app may show the file's data when the
// person asks, but it must not act on the person's servers: the worker refuses its tool calls before anything
// reaches the server or the recorded log. The demo server over HTTP, the demo model, the real import path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../server/demo-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import type { Transcript } from '../engine/transcript/transcript';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness } from './testing/create-host-harness';

let demo: McpHttpHandle;
beforeAll(async () => {
  demo = await startDemoServer();
});
afterAll(async () => {
  await demo.close();
});

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };

describe("a recorded run's app may call no tools", () => {
  it('refuses the call of an imported run, logs nothing in it, and still serves the run started here', async () => {
    const harness = createHostHarness();
    await harness.send({
      type: 'server-add',
      server: { id: 's1', name: 'demo', url: demo.url, headers: {}, includeInstructions: true },
    });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'server-state' && m.state.status === 'connected'),
    );
    await harness.send({ type: 'run-start', runId: 'run-1', settings, message: 'What should I wear in Oslo?' });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'run-1' && m.event.type === 'run-end'),
    );
    const opener = harness
      .runEvents('run-1')
      .find((event) => event.type === 'tool-call-end' && event.name === 'demo__weather_get');
    if (opener?.type !== 'tool-call-end') throw new Error('no weather call');
    const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
    await harness.send({ type: 'transcript-import', runId: 'imported-1', text: JSON.stringify(transcript) });

    const call = (runId: string) =>
      harness.send({
        type: 'mcp-app-tool-call',
        serverId: 's1',
        runId,
        appOf: opener.callId,
        toolName: 'weather.forecast',
        arguments: { city: 'Oslo' },
      });
    await expect(call('imported-1')).rejects.toThrow(
      'This run was not started here (it was imported or restored), so its apps may not call tools.',
    );
    expect(harness.runEvents('imported-1')).toEqual([]);
    const again = (await harness.send({ type: 'transcript-export', runId: 'imported-1' })) as Transcript;
    expect(again.rounds.flatMap((round) => round.appCalls ?? [])).toEqual([]);
    // The run this worker started keeps its live app.
    await expect(call('run-1')).resolves.toMatchObject({ content: [{ type: 'text' }] });
  });
});
