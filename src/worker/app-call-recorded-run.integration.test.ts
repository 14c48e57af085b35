// Issue 36 (Low): an imported (or restored) run is a recording. Its app may show the file's data when the
// person asks, but it must not act on the person's servers: the worker refuses its tool calls before anything
// reaches the server or the recorded log. The demo server over HTTP, the demo model, the real import path.
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../engine/transcript/transcript';
import type { RunSettings } from '../protocol/settings';
import { useDemoServer } from '../../test/support/demo-stack';
import { finishedDemoRun } from './testing/finished-demo-run';

const stack = useDemoServer();

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };

describe("a recorded run's app may call no tools", () => {
  it('refuses the call of an imported run, logs nothing in it, and still serves the run started here', async () => {
    const { harness, appOf } = await finishedDemoRun(stack.demo.url, settings);
    const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
    await harness.send({ type: 'transcript-import', runId: 'imported-1', text: JSON.stringify(transcript) });

    const call = (runId: string) =>
      harness.send({
        type: 'mcp-app-tool-call',
        serverId: 's1',
        runId,
        appOf,
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
