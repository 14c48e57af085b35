// Offline checks: each case re-runs through the real loop with its recorded replies and recorded tool
// results — no key, no server, the same answer every time.
import type { ToolResultContentBlock } from '../engine/message/message';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { buildTranscript } from '../engine/transcript/build-transcript';
import type { Transcript, TranscriptToolCall } from '../engine/transcript/transcript';
import type { Tool } from '../engine/tool/tool';
import { createReplayModel } from '../providers/replay/create-replay-model';
import type { TestRunDriver } from '../suite/run-cases';
import { createRunEnvironment } from '../worker/create-run-environment';

/** Tools that answer each call with the next recorded result for that tool name, as recorded. */
function recordedTools(recorded: Transcript): Tool[] {
  const queues = new Map<string, TranscriptToolCall[]>();
  for (const call of recorded.rounds.flatMap((round) => round.toolCalls))
    queues.set(call.name, [...(queues.get(call.name) ?? []), call]);
  return recorded.tools.map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.input_schema,
    origin: { kind: 'test' as const },
    run: () => {
      const call = queues.get(definition.name)?.shift();
      const content: ToolResultContentBlock[] = call?.content ?? [
        { type: 'text', text: `The recording has no further result for ${definition.name}.` },
      ];
      return Promise.resolve({ content, isError: call === undefined || call.isError });
    },
  }));
}

/** A driver that needs nothing but each case's `recorded` transcript. */
export function createOfflineDriver(appVersion: string): TestRunDriver {
  return {
    async run(testCase, _model, signal) {
      const recorded = testCase.recorded;
      if (recorded === undefined) throw new Error('the case has no recorded run to check offline; run it online');
      const environment = createRunEnvironment();
      const handle = runToolLoop({
        model: createReplayModel(recorded.rounds, recorded.settings.model),
        tools: recordedTools(recorded),
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
        app: { name: 'Loupe', version: appVersion },
        settings: { ...recorded.settings, provider: 'replay' },
        servers: recorded.servers,
      });
    },
  };
}
