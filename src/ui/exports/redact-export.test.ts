// Every export path writes the person's secrets as REDACTED when a model or a tool echoed them.
import { describe, expect, it } from 'vitest';
import type { RequestDigest } from '../../engine/event/run-event';
import { buildTranscript, type TranscriptMeta } from '../../engine/transcript/build-transcript';
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';
import { createHistoryCompactor } from '../../shared/compact-request-history';
import { buildMarkdownReport } from './build-markdown-report';
import { buildRedactedRoundExport } from './build-redacted-round-export';
import type { ExportFormat } from './export-formats';
import type { RoundRecordSource } from './find-sent-request';
import { redactTranscript, type SecretSource } from './redact-export';

const KEY = 'sk-ant-api03-echoed-by-the-model';
const HEADER_TOKEN = 'mcp-bearer-token-42';
const empty = { apiKey: '', rememberKey: false, baseUrl: '' };
const source: SecretSource = {
  settings: {
    apiKey: KEY,
    baseUrl: 'https://api.anthropic.com',
    credentials: {
      anthropic: { apiKey: KEY, rememberKey: false, baseUrl: 'https://api.anthropic.com' },
      'openai-compatible': empty,
    },
  },
  servers: [{ url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: `Bearer ${HEADER_TOKEN}` } }],
};
const secretPattern = new RegExp(`${KEY}|${HEADER_TOKEN}`);

const meta: TranscriptMeta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  app: { name: 'Loupe', version: '0.1.0' },
  settings: { provider: 'anthropic', model: 'claude-sonnet-4-5', maxRounds: 10, maxTokens: 4096 },
  servers: [],
};

function echoingTranscript(): Transcript {
  const base = buildTranscript([], meta);
  const round = {
    round: 1,
    request: { model: 'claude-sonnet-4-5', provider: 'anthropic', toolNames: ['env'], messageCount: 1, maxTokens: 1 },
    response: {
      content: [
        { type: 'text', text: `Your key is ${KEY}.` },
        { type: 'tool_use', id: 'toolu_1', name: 'env', input: { key: KEY } },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1 },
      interrupted: false,
      timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
    },
    toolCalls: [
      {
        id: 'toolu_1',
        name: 'env',
        input: { key: KEY },
        status: 'ok',
        isError: false,
        content: [{ type: 'text', text: `AUTH=Bearer ${HEADER_TOKEN}` }],
        timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
        edits: [],
      },
    ],
  } as unknown as TranscriptRound;
  return {
    ...base,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'What is my key?' }] },
      { role: 'assistant', content: round.response?.content ?? [] },
    ],
    rounds: [round],
  };
}

describe('the JSON transcript and the Markdown report', () => {
  it('write REDACTED where the model and a tool echoed the key and a server token, and say so', () => {
    const transcript = echoingTranscript();
    const before = JSON.stringify(transcript);
    expect(before).toMatch(secretPattern);
    const redacted = redactTranscript(transcript, source);
    expect(JSON.stringify(redacted.transcript)).not.toMatch(secretPattern);
    expect(JSON.stringify(redacted.transcript)).toContain('Your key is REDACTED.');
    expect(redacted.notice).toMatch(/^Your API key or a server credential appeared in this run \(\d+ places\)/);
    // The run itself keeps what was said: only the copy going out changed.
    expect(JSON.stringify(transcript)).toBe(before);
    const report = buildMarkdownReport(redacted.transcript);
    expect(report).not.toMatch(secretPattern);
    expect(report).toContain('REDACTED');
    expect(buildMarkdownReport(transcript)).toMatch(secretPattern);
  });

  it('changes nothing and says nothing when no secret appears', () => {
    const transcript = buildTranscript([], meta);
    const redacted = redactTranscript(transcript, source);
    expect(redacted.transcript).toBe(transcript);
    expect(redacted.notice).toBeUndefined();
  });
});

function digest(): RequestDigest {
  return { model: 'claude-sonnet-4-5', provider: 'anthropic', toolNames: [], messageCount: 1, maxTokens: 100 };
}

function echoingRounds(text: string): RoundRecordSource[] {
  const compact = createHistoryCompactor();
  const body = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    stream: true,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Show the env' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'env', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text }] }] },
    ],
  };
  const sent = {
    method: 'POST',
    url: 'https://api.anthropic.com/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    auth: { header: 'x-api-key' },
    body,
    response: { status: 200, requestId: 'req_1', model: 'claude-sonnet-4-5' },
  };
  return [{ round: 1, request: digest(), sent: { ...sent, ...compact(body) } } as RoundRecordSource];
}

describe('round exports', () => {
  it.each<ExportFormat>(['curl', 'typescript', 'python', 'json'])(
    '%s: built from the redacted request, with a note saying so',
    (format) => {
      const result = buildRedactedRoundExport(echoingRounds(`KEY=${KEY} TOKEN=${HEADER_TOKEN}`), 1, format, 1, source);
      if (!result.ok) throw new Error(result.reason);
      expect(result.text).not.toMatch(secretPattern);
      expect(result.text).toContain('KEY=REDACTED TOKEN=REDACTED');
      expect(result.notes.at(-1)).toMatch(/^Your API key or a server credential appeared in this run \(2 places\)/);
    },
  );

  it.each<ExportFormat>(['curl', 'typescript', 'python', 'json'])('%s: no note when nothing was secret', (format) => {
    const result = buildRedactedRoundExport(echoingRounds('sunny, 21 °C'), 1, format, 1, source);
    if (!result.ok) throw new Error(result.reason);
    expect(result.notes.join('\n')).not.toMatch(/REDACTED/);
  });
});
