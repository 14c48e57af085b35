// Offline checks: each case re-runs through the real loop with its recorded replies and recorded tool
// results — no key, no server, the same answer every time.
import { runToolLoop } from '../engine/run/run-tool-loop';
import { buildTranscript } from '../engine/transcript/build-transcript';
import { createReplayModel } from '../providers/replay/create-replay-model';
import { createRecordedTools } from '../providers/replay/create-recorded-tools';
import type { TestRunDriver } from '../suite/run-cases';
import { createRunEnvironment } from '../worker/create-run-environment';
import { transcriptApp } from '../worker/run-transcript-meta';

/** A driver that needs nothing but each case's `recorded` transcript. */
export function createOfflineDriver(appVersion: string): TestRunDriver {
  return {
    async run(testCase, _model, signal) {
      const recorded = testCase.recorded;
      if (recorded === undefined) throw new Error('the case has no recorded run to check offline; run it online');
      const environment = createRunEnvironment();
      const handle = runToolLoop({
        model: createReplayModel(recorded.rounds, recorded.settings.model),
        tools: createRecordedTools(recorded),
        ...(recorded.system === undefined ? {} : { system: recorded.system }),
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text: testCase.prompt }] },
        maxRounds: testCase.maxRounds,
        maxTokens: testCase.maxTokens,
        signal,
        environment,
        ...(testCase.policies === undefined ? {} : { policies: testCase.policies }),
      });
      const events = [];
      for await (const event of handle.events) events.push(event);
      return buildTranscript(events, {
        createdAt: new Date(environment.now()).toISOString(),
        app: transcriptApp(appVersion),
        settings: { ...recorded.settings, provider: 'replay' },
        servers: recorded.servers,
      });
    },
  };
}
