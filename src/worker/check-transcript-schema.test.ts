import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTranscriptSchema } from './check-transcript-schema';

interface Block {
  type: string;
  content?: Block[];
  [key: string]: unknown;
}
interface Fixture {
  messages: { role: string; content: Block[] }[];
  rounds: { response: { content: Block[] } | null; toolCalls: { content: Block[] }[] }[];
}

const load = (): Fixture =>
  JSON.parse(
    readFileSync(new URL('../../test/fixtures/transcripts/v3/image-result.json', import.meta.url), 'utf8'),
  ) as Fixture;

const pdf: Block = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } };

const current = new URL('../../test/fixtures/transcripts/v3/', import.meta.url);

describe('checkTranscriptSchema', () => {
  it.each(readdirSync(current).filter((name) => name.endsWith('.json')))('accepts the v3 fixture %s', (name) => {
    expect(checkTranscriptSchema(JSON.parse(readFileSync(new URL(name, current), 'utf8')))).toEqual([]);
  });

  it('refuses a log level the format does not know and a branch without its name', () => {
    const transcript = JSON.parse(readFileSync(new URL('every-v2-record.json', current), 'utf8')) as {
      rounds: { toolCalls: { logs?: { level: string }[] }[] }[];
      branch?: Record<string, unknown>;
    };
    transcript.branch = { parentRunId: null, forkRound: null };
    const log = transcript.rounds[0]?.toolCalls[0]?.logs?.[0];
    if (log) log.level = 'shout';
    const paths = checkTranscriptSchema(transcript).map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['rounds[0].toolCalls[0].logs[0].level', 'branch.name']));
  });

  it("checks an app call's progress and server log as it checks a model call's", () => {
    const transcript = JSON.parse(readFileSync(new URL('every-v2-record.json', current), 'utf8')) as {
      rounds: { appCalls?: unknown[] }[];
    };
    const appCall = (level: string) => ({
      id: 'app-call_1',
      appOf: 'toolu_1',
      name: 'demo__weather_forecast',
      toolName: 'weather.forecast',
      input: {},
      status: 'ok',
      isError: false,
      content: [],
      timing: { queuedAt: 1, startedAt: 1, endedAt: 2, durationMs: 1 },
      edits: [],
      progress: [{ at: 1, progress: 1, total: 2, message: 'half' }],
      logs: [{ at: 1, level, message: 'fetching' }],
    });
    const round = transcript.rounds[0];
    if (round === undefined) throw new Error('fixture without a round');
    round.appCalls = [appCall('info')];
    expect(checkTranscriptSchema(transcript)).toEqual([]);
    round.appCalls = [{ ...appCall('shout'), progress: [{ at: 1 }] }];
    expect(checkTranscriptSchema(transcript).map((problem) => problem.path)).toEqual(
      expect.arrayContaining(['rounds[0].appCalls[0].logs[0].level', 'rounds[0].appCalls[0].progress[0].progress']),
    );
  });

  it('accepts redacted thinking in a reply and a PDF document in a tool result', () => {
    const transcript = load();
    transcript.messages[1]?.content.unshift({ type: 'redacted_thinking', data: 'opaque==' });
    transcript.rounds[0]?.response?.content.unshift({ type: 'redacted_thinking', data: 'opaque==' });
    transcript.messages[2]?.content[0]?.content?.push(pdf);
    transcript.rounds[0]?.toolCalls[0]?.content.push(pdf);
    expect(checkTranscriptSchema(transcript)).toEqual([]);
  });

  it('refuses redacted thinking without its data', () => {
    const transcript = load();
    transcript.messages[1]?.content.unshift({ type: 'redacted_thinking' });
    expect(checkTranscriptSchema(transcript)).not.toEqual([]);
  });
});
