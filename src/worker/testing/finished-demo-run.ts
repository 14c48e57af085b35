// Test helper: a worker host with the demo server connected and one demo run finished, as the MCP Apps tests start.
import type { RunSettings } from '../../protocol/settings';
import { createHostHarness, type HostHarness } from './create-host-harness';

/**
 * A host with the demo server at `demoUrl` connected (as `s1`) and run `run-1` finished on `settings`; `appOf` is
 * the id of its weather call (whose card is the app).
 */
export async function finishedDemoRun(
  demoUrl: string,
  settings: RunSettings,
): Promise<{ harness: HostHarness; appOf: string }> {
  const harness = createHostHarness();
  await harness.send({
    type: 'server-add',
    server: { id: 's1', name: 'demo', url: demoUrl, headers: {}, includeInstructions: true },
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
  return { harness, appOf: opener.callId };
}
