// Session commands over a real loop with in-memory tools, and the transcript fixtures, for the session-command tests.
import { readdirSync, readFileSync } from 'node:fs';
import type { RunEvent } from '../../src/engine/event/run-event';
import { runToolLoop } from '../../src/engine/run/run-tool-loop';
import { createFakeEnvironment } from '../../src/engine/testing/fake-environment';
import type { Model } from '../../src/engine/model/model';
import type { Tool } from '../../src/engine/tool/tool';
import type { Transcript } from '../../src/engine/transcript/transcript';
import type { RunSettings } from '../../src/protocol/settings';
import { RunRegistry } from '../../src/worker/run-registry';
import { checkTranscriptSchema } from '../../src/worker/check-transcript-schema';
import { createSessionCommands, type SessionCommands } from '../../src/worker/session-commands';

export const dir = new URL('../fixtures/transcripts/', import.meta.url);
export const versions = readdirSync(dir);
export const fixtureText = (name: string): string => readFileSync(new URL(`v3/${name}.json`, dir), 'utf8');
export const fixture = (name: string): Transcript => JSON.parse(fixtureText(name)) as Transcript;
export const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 10, maxTokens: 4096 };

/** Session commands over a real loop with in-memory tools; `finish(runId)` waits for a started run. */
export function setup(tools: Tool[] = [], liveModel?: Model) {
  const runs = new RunRegistry();
  const finished = new Map<string, Promise<void>>();
  const commands = createSessionCommands({
    runs,
    appVersion: 'test',
    now: () => 0,
    createModel: () => {
      if (liveModel) return liveModel;
      throw new Error('no live model in this test');
    },
    startRun(runId, _settings, _text, overrides) {
      if (!overrides.model || !overrides.userMessage) throw new Error('replay passes its model and message');
      const handle = runToolLoop({
        runId,
        model: overrides.model,
        tools: overrides.tools ?? tools,
        ...(overrides.system === undefined ? {} : { system: overrides.system }),
        history: overrides.history ?? [],
        userMessage: overrides.userMessage,
        environment: createFakeEnvironment(),
      });
      const events: RunEvent[] = [];
      const done = (async () => {
        for await (const event of handle.events) events.push(event);
      })();
      finished.set(runId, done);
      runs.add({
        runId,
        controller: new AbortController(),
        events,
        createdAt: '2025-06-01T00:00:00.000Z',
        settings: { provider: 'replay', model: 'm', maxRounds: 10, maxTokens: 4096 },
        servers: [],
        done,
        startedHere: true,
      });
    },
  });
  // The host loads the schema check with the first import; here it is at hand.
  const importTranscript = (command: Parameters<SessionCommands['importTranscript']>[0]) =>
    commands.importTranscript(command, checkTranscriptSchema);
  return { commands: { ...commands, importTranscript }, runs, finish: (runId: string) => finished.get(runId) };
}
