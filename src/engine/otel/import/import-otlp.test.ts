import { describe, expect, it } from 'vitest';
import { sampleTranscript } from '../../testing/sample-otel-run';
import { transcriptsToOtlp } from '../transcript-to-otlp';
import { importOtlp, type OtlpImportOutcome } from './import-otlp';
import { span, traceRequest } from './otlp-test-builders.test-helper';

const options = { runId: 'r-imported', app: { name: 'Loupe', version: '0.1.0' } };
const fromText = (text: string, traceId?: string): OtlpImportOutcome =>
  importOtlp([{ text }], traceId !== undefined ? { ...options, traceId } : options);
const fromJson = (value: unknown): OtlpImportOutcome => fromText(JSON.stringify(value));

function transcriptOf(outcome: OtlpImportOutcome) {
  if (outcome.kind !== 'transcript') throw new Error(`not a transcript: ${JSON.stringify(outcome).slice(0, 300)}`);
  return outcome.transcript;
}

describe('importOtlp: shapes', () => {
  it('reads back what Loupe exports with content (transcript → OTLP → transcript)', async () => {
    const original = await sampleTranscript();
    original.rounds[0]!.response!.id = 'msg_01round1';
    const otlp = transcriptsToOtlp([original], { content: true, appVersion: '0.1.0' });
    const transcript = transcriptOf(fromJson(otlp));
    expect(transcript.system).toBe(original.system);
    // gen_ai.response.id both ways.
    expect(transcript.rounds.map((round) => round.response?.id)).toEqual(['msg_01round1', 'msg_scripted']);
    expect(transcript.messages).toEqual(original.messages);
    expect(transcript.rounds.map((round) => round.response?.content)).toEqual(
      original.rounds.map((round) => round.response?.content),
    );
    expect(transcript.rounds.map((round) => round.response?.usage)).toEqual(
      original.rounds.map((round) => round.response?.usage),
    );
    const calls = transcript.rounds[0]!.toolCalls;
    expect(calls.map((call) => [call.id, call.name, call.status])).toEqual([
      ['c1', 'weather', 'ok'],
      ['c2', 'clock', 'tool-error'],
    ]);
    expect(transcript.tools.map((tool) => tool.name)).toEqual(original.tools.map((tool) => tool.name));
    expect(transcript.rounds.map((round) => round.request.model)).toEqual(
      original.rounds.map((round) => round.request.model),
    );
  });

  it('reads a failed call’s error.type in the current spelling and the one Loupe wrote before', async () => {
    const otlp = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const clock = otlp.resourceSpans[0]!.scopeSpans[0]!.spans.find((s) => s.name === 'execute_tool clock')!;
    const statusOf = (errorType: string, loupeStatus?: string) => {
      clock.attributes = clock.attributes
        .filter((kv) => kv.key !== 'error.type' && kv.key !== 'loupe.tool.status')
        .concat(
          { key: 'error.type', value: { stringValue: errorType } },
          loupeStatus === undefined ? [] : [{ key: 'loupe.tool.status', value: { stringValue: loupeStatus } }],
        );
      const call = transcriptOf(fromJson(otlp)).rounds[0]!.toolCalls.find((c) => c.name === 'clock')!;
      expect(call.isError).toBe(true);
      return call.status;
    };
    expect(statusOf('tool_error')).toBe('tool-error');
    // Loupe before it followed the MCP page wrote the status itself.
    expect(statusOf('tool-error')).toBe('tool-error');
    expect(statusOf('timeout')).toBe('timeout');
    expect(statusOf('invalid_input')).toBe('invalid-input');
    expect(statusOf('denied', 'denied')).toBe('denied');
    // Another instrumentation's own values (an exception name, a JSON-RPC code, _OTHER) are tool errors.
    expect(statusOf('java.net.UnknownHostException')).toBe('tool-error');
    expect(statusOf('-32603')).toBe('tool-error');
    expect(statusOf('_OTHER', 'not-a-status')).toBe('tool-error');
  });

  it('makes rounds that say so from a trace without content', async () => {
    const otlp = transcriptsToOtlp([await sampleTranscript()], { content: false, appVersion: '0.1.0' });
    const transcript = transcriptOf(fromJson(otlp));
    expect(transcript.rounds).toHaveLength(2);
    expect(transcript.rounds[0]!.toolCalls.map((call) => call.name)).toEqual(['weather', 'clock']);
    expect(transcript.rounds[0]!.notices?.[0]?.message).toMatch(/did not capture this round’s messages/);
  });

  it('reads OpenLLMetry’s indexed gen_ai.prompt.N / gen_ai.completion.N attributes', () => {
    const chat = (id: string, start: string, attributes: Record<string, unknown>) =>
      span(
        id,
        'anthropic.chat',
        { 'llm.request.type': 'chat', 'gen_ai.system': 'Anthropic', 'gen_ai.request.model': 'claude-x', ...attributes },
        { startTimeUnixNano: start },
      );
    const outcome = fromJson(
      traceRequest([
        chat('1000000000000001', '1733312400000000000', {
          'gen_ai.prompt.0.role': 'system',
          'gen_ai.prompt.0.content': 'Be brief.',
          'gen_ai.prompt.1.role': 'user',
          'gen_ai.prompt.1.content': 'Weather?',
          'gen_ai.completion.0.role': 'assistant',
          'gen_ai.completion.0.finish_reason': 'tool_use',
          'gen_ai.completion.0.tool_calls.0.id': 't1',
          'gen_ai.completion.0.tool_calls.0.name': 'weather',
          'gen_ai.completion.0.tool_calls.0.arguments': '{"city":"Oslo"}',
        }),
        chat('1000000000000002', '1733312402000000000', {
          'gen_ai.prompt.0.role': 'user',
          'gen_ai.prompt.0.content': 'Weather?',
          'gen_ai.prompt.1.role': 'assistant',
          'gen_ai.prompt.1.tool_calls.0.id': 't1',
          'gen_ai.prompt.1.tool_calls.0.name': 'weather',
          'gen_ai.prompt.1.tool_calls.0.arguments': '{"city":"Oslo"}',
          'gen_ai.prompt.2.role': 'tool',
          'gen_ai.prompt.2.tool_call_id': 't1',
          'gen_ai.prompt.2.content': 'cold',
          'gen_ai.completion.0.role': 'assistant',
          'gen_ai.completion.0.content': 'Cold in Oslo.',
          'gen_ai.completion.0.finish_reason': 'end_turn',
          'gen_ai.usage.prompt_tokens': 30,
          'gen_ai.usage.completion_tokens': 5,
        }),
      ]),
    );
    const transcript = transcriptOf(outcome);
    expect(transcript.settings.provider).toBe('anthropic');
    expect(transcript.rounds).toHaveLength(2);
    expect(transcript.rounds[0]!.toolCalls[0]).toMatchObject({
      id: 't1',
      name: 'weather',
      input: { city: 'Oslo' },
      status: 'ok',
    });
    expect(transcript.rounds[0]!.toolCalls[0]!.content).toEqual([{ type: 'text', text: 'cold' }]);
    expect(transcript.rounds[1]!.response!.content).toEqual([{ type: 'text', text: 'Cold in Oslo.' }]);
    expect(transcript.rounds[1]!.response!.usage).toMatchObject({ inputTokens: 30, outputTokens: 5 });
  });

  it('offers a choice when the file holds several agent traces, and imports the one picked', async () => {
    const one = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const other = { ...(await sampleTranscript()), runId: 'another-run' };
    const two = transcriptsToOtlp([other], { content: true, appVersion: '0.1.0' });
    const text = `${JSON.stringify(one)}\n${JSON.stringify(two)}\n`;
    const outcome = fromText(text);
    if (outcome.kind !== 'choice') throw new Error(outcome.kind);
    expect(outcome.traces).toHaveLength(2);
    expect(outcome.traces[0]).toMatchObject({ name: 'invoke_agent Loupe (loupe)', rounds: 2, toolCalls: 2 });
    const picked = transcriptOf(fromText(text, outcome.traces[1]!.traceId));
    expect(picked.rounds).toHaveLength(2);
    expect(fromText(text, 'ffffffffffffffffffffffffffffffff')).toMatchObject({ kind: 'refused' });
  });

  it('leaves what is not OTLP to the other importers', () => {
    expect(fromText('{"format":"loupe-transcript","version":2}')).toEqual({ kind: 'not-otlp' });
    expect(fromText('curl https://api.anthropic.com')).toEqual({ kind: 'not-otlp' });
    expect(importOtlp([{ bytes: new Uint8Array([1, 2, 3]) }], options)).toEqual({ kind: 'not-otlp' });
  });
});
