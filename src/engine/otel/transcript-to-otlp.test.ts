import { describe, expect, it } from 'vitest';
import { sampleTranscript } from '../testing/sample-otel-run';
import type { OtlpSpan, OtlpKeyValue } from './otlp-json';
import { providerNameOf } from './chat-span';
import { transcriptsToOtlp } from './transcript-to-otlp';

function attrs(span: OtlpSpan | undefined): Record<string, unknown> {
  return Object.fromEntries((span?.attributes ?? []).map((kv: OtlpKeyValue) => [kv.key, Object.values(kv.value)[0]]));
}

async function exportSample(content: boolean, mcp = false) {
  const transcript = await sampleTranscript();
  const mcpCalls = mcp
    ? new Map([
        [
          'c1',
          { serverUrl: 'http://127.0.0.1:3001/mcp', protocolVersion: '2025-11-25', sessionId: 's-1', requestId: 7 },
        ],
        [
          'c2',
          { serverUrl: 'https://tools.example/mcp', protocolVersion: '2026-07-28', sessionId: 's-2', requestId: 8 },
        ],
      ])
    : undefined;
  const request = transcriptsToOtlp([transcript], {
    content,
    appVersion: '0.1.0',
    ...(mcpCalls
      ? {
          mcpCallOf: (runId: string, callId: string) => (runId === transcript.runId ? mcpCalls.get(callId) : undefined),
        }
      : {}),
  });
  const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
  return { transcript, request, spans, byName: (name: string) => spans.find((span) => span.name === name) };
}

describe('transcriptsToOtlp', () => {
  it('writes one trace: invoke_agent, a chat CLIENT span per round, an execute_tool span per call', async () => {
    const { spans, byName } = await exportSample(false);
    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent Loupe',
      'chat scripted-model',
      'execute_tool weather',
      'execute_tool clock',
      'chat scripted-model',
    ]);
    const agent = byName('invoke_agent Loupe');
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([agent?.traceId]));
    expect(agent?.traceId).toMatch(/^[0-9a-f]{32}$/);
    for (const span of spans.slice(1)) {
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(span.parentSpanId).toBe(agent?.spanId);
      expect(BigInt(span.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(span.startTimeUnixNano));
    }
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(spans.length);
    expect(spans[1]?.kind).toBe(3);
  });

  it('gives each round its provider, models, finish reasons, usage with cache tokens, streaming and first chunk', async () => {
    const { spans } = await exportSample(false);
    const [first, last] = [attrs(spans[1]), attrs(spans[4])];
    expect(first).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'loupe.scripted',
      'gen_ai.request.model': 'scripted-model',
      'gen_ai.response.model': 'scripted-model',
      'gen_ai.usage.input_tokens': '100',
      'gen_ai.usage.output_tokens': '20',
      'gen_ai.usage.cache_creation.input_tokens': '40',
      'gen_ai.request.stream': true,
    });
    expect(first['gen_ai.response.finish_reasons']).toEqual({ values: [{ stringValue: 'tool_use' }] });
    expect(last['gen_ai.usage.cache_read.input_tokens']).toBe('90');
    // The provider's id of each response (the scripted model names its replies msg_scripted).
    expect(first['gen_ai.response.id']).toBe('msg_scripted');
    expect(typeof first['gen_ai.response.time_to_first_chunk']).toBe('number');
  });

  it('marks a failed call with error.type and an error status; MCP attributes only where a server ran it', async () => {
    const { byName } = await exportSample(false, true);
    const weather = byName('execute_tool weather');
    const clock = byName('execute_tool clock');
    expect(attrs(weather)).toMatchObject({
      'gen_ai.tool.name': 'weather',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.type': 'extension',
      'mcp.method.name': 'tools/call',
      'mcp.protocol.version': '2025-11-25',
      'mcp.session.id': 's-1',
      'jsonrpc.request.id': '7',
      'server.address': '127.0.0.1',
      'server.port': '3001',
    });
    expect(attrs(weather)['error.type']).toBeUndefined();
    // The MCP page of the conventions: a CallToolResult with isError is `tool_error`.
    expect(attrs(clock)['error.type']).toBe('tool_error');
    expect(attrs(clock)['loupe.tool.status']).toBe('tool-error');
    expect(clock?.status.code).toBe(2);
    // The 2026 revision has no sessions: no mcp.session.id, and https without a port is 443.
    expect(attrs(clock)['mcp.session.id']).toBeUndefined();
    expect(attrs(clock)['server.port']).toBe('443');
  });

  it('leaves message content out unless asked for, and then writes the conventions’ message JSON', async () => {
    const off = await exportSample(false);
    const text = JSON.stringify(off.request);
    expect(text).not.toContain('Weather in Paris?');
    expect(text).not.toContain('Be brief');
    expect(text).not.toContain('Paris');
    const on = await exportSample(true);
    const round1 = attrs(on.spans[1]);
    expect(JSON.parse(String(round1['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
    ]);
    expect(JSON.parse(String(round1['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        finish_reason: 'tool_use',
        parts: [
          { type: 'text', content: 'Checking.' },
          { type: 'tool_call', id: 'c1', name: 'weather', arguments: { city: 'Paris' } },
          { type: 'tool_call', id: 'c2', name: 'clock', arguments: {} },
        ],
      },
    ]);
    const round2 = JSON.parse(String(attrs(on.spans[4])['gen_ai.input.messages'])) as { role: string }[];
    expect(round2.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(attrs(on.byName('execute_tool weather'))['gen_ai.tool.call.result']).toBe('"Sunny in Paris"');
    expect(JSON.parse(String(round1['gen_ai.system_instructions']))).toEqual([
      { type: 'text', content: 'Be brief. sk-secret-not-here' },
    ]);
  });

  it('writes the debugger’s pauses as events of their round: where, why, the decision and how long', async () => {
    const transcript = await sampleTranscript();
    const round = transcript.rounds[0]!;
    const at = round.response!.timing.endedAt;
    round.pauses = [
      {
        pauseId: 'p1',
        at,
        endedAt: at + 1500,
        pause: { kind: 'before-tool', round: 1, callId: 'c1', name: 'weather', input: { city: 'Paris' } },
        reasons: [
          { kind: 'breakpoint', breakpointId: 'b1', label: 'before weather' },
          { kind: 'approval', toolName: 'weather' },
        ],
        decision: 'continue',
        remember: 'session',
      },
    ];
    const request = transcriptsToOtlp([transcript], { content: false, appVersion: '0' });
    const chat = request.resourceSpans[0]?.scopeSpans[0]?.spans[1];
    const pause = chat?.events.find((event) => event.name === 'loupe.pause');
    expect(pause?.timeUnixNano).toBe(String(BigInt(at) * 1_000_000n));
    expect(Object.fromEntries((pause?.attributes ?? []).map((kv) => [kv.key, kv.value]))).toEqual({
      'loupe.pause.kind': { stringValue: 'before-tool' },
      'loupe.pause.reasons': { arrayValue: { values: [{ stringValue: 'breakpoint' }, { stringValue: 'approval' }] } },
      'loupe.pause.breakpoints': { arrayValue: { values: [{ stringValue: 'before weather' }] } },
      'loupe.pause.decision': { stringValue: 'continue' },
      'loupe.pause.remember': { stringValue: 'session' },
      'loupe.pause.duration_ms': { intValue: '1500' },
      'gen_ai.tool.call.id': { stringValue: 'c1' },
      'gen_ai.tool.name': { stringValue: 'weather' },
    });
    // The call's input at the pause is content: not written.
    expect(JSON.stringify(request)).not.toContain('Paris');
  });

  it('writes compactions, policy acts (retries), notices, limits and edits at a pause as span events', async () => {
    const transcript = await sampleTranscript();
    const round = transcript.rounds[0]!;
    const at = round.response!.timing.endedAt;
    round.policyActs = [{ at, policy: 'call-retry', detail: 'weather ran again (read-only)', callId: 'c1' }];
    round.compactions = [
      {
        at: at + 1,
        made: {
          mode: 'trim',
          trigger: 'threshold',
          prefix: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
          keptFrom: 1,
          tokensBefore: 900,
          tokensAfter: 300,
          trimmedResults: 1,
          summarisedMessages: 0,
        },
      },
    ];
    round.notices = [{ at: at + 2, message: 'The provider retried after HTTP 529.' }];
    round.edits = [{ what: 'system', before: 'Be brief.', after: 'Be very brief.' }];
    round.toolCalls[0]!.edits = [{ what: 'input', before: { city: 'Paris' }, after: { city: 'Lyon' } }];
    transcript.limits = [
      { at: at + 3, limit: 'tool-calls', value: 2, behaviour: 'final-answer', detail: '2 tool calls' },
    ];
    const spans = transcriptsToOtlp([transcript], { content: false, appVersion: '0' }).resourceSpans[0]!.scopeSpans[0]!
      .spans;
    const names = (span: OtlpSpan | undefined) => span?.events.map((event) => event.name);
    expect(names(spans[1])).toEqual([
      'loupe.pause.edit',
      'loupe.policy.call-retry',
      'loupe.compaction',
      'loupe.notice',
    ]);
    expect(names(spans[0])).toEqual(['loupe.limit']);
    expect(names(spans.find((span) => span.name === 'execute_tool weather'))).toEqual(['loupe.pause.edit']);
    const compaction = spans[1]!.events.find((event) => event.name === 'loupe.compaction')!;
    expect(
      Object.fromEntries(compaction.attributes.map((kv) => [kv.key, Object.values(kv.value)[0] as unknown])),
    ).toEqual({
      'loupe.compaction.mode': 'trim',
      'loupe.compaction.trigger': 'threshold',
      'loupe.compaction.kept_from': '1',
      'loupe.compaction.prefix_messages': '1',
    });
    // Without content an edit says what changed, not its values.
    expect(JSON.stringify(spans)).not.toContain('Lyon');
    expect(JSON.stringify(spans)).not.toContain('Be very brief');
  });

  it('links a fork to the round of the run it came from', async () => {
    const transcript = await sampleTranscript();
    const parent = transcriptsToOtlp([transcript], { content: false, appVersion: '0' });
    const fork = { ...transcript, runId: 'fork-1', branch: { name: 'B', parentRunId: transcript.runId, forkRound: 2 } };
    const forked = transcriptsToOtlp([fork], { content: false, appVersion: '0' });
    const parentRound2 = parent.resourceSpans[0]?.scopeSpans[0]?.spans[4];
    const agent = forked.resourceSpans[0]?.scopeSpans[0]?.spans[0];
    expect(agent?.links).toEqual([
      {
        traceId: parentRound2?.traceId,
        spanId: parentRound2?.spanId,
        attributes: [
          { key: 'loupe.link.kind', value: { stringValue: 'fork' } },
          { key: 'loupe.fork.round', value: { intValue: '2' } },
        ],
      },
    ]);
    expect(agent?.traceId).not.toBe(parentRound2?.traceId);
  });

  it('links a Continue live (forked one past the parent’s last round) to the parent’s last round', async () => {
    const transcript = await sampleTranscript();
    const { messages, rounds, finishReason, usage } = transcript;
    const original = { messages, rounds, finishReason, usage };
    const continued = {
      ...transcript,
      runId: 'continued-1',
      branch: { name: 'Continued live', parentRunId: transcript.runId, forkRound: 3 },
      branches: [{ ...original, runId: transcript.runId, name: 'Original', parentRunId: null, forkRound: null }],
    };
    const request = transcriptsToOtlp([continued], {
      content: false,
      appVersion: '0',
      onlyRunIds: new Set(['continued-1']),
    });
    const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    // Only the continued run is written; the parent in the file only tells the link where to point.
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const parent = transcriptsToOtlp([transcript], { content: false, appVersion: '0' });
    const parentRound2 = parent.resourceSpans[0]?.scopeSpans[0]?.spans[4];
    expect(parentRound2?.name).toBe('chat scripted-model');
    expect(spans[0]?.links[0]).toMatchObject({ traceId: parentRound2?.traceId, spanId: parentRound2?.spanId });
  });

  it('links a replay to the run it replays, and says so on its run span', async () => {
    const transcript = await sampleTranscript();
    const replay = { ...transcript, runId: 'replay-1' };
    const request = transcriptsToOtlp([replay], {
      content: false,
      appVersion: '0',
      originOf: (runId) =>
        runId === 'replay-1' ? { kind: 'replay', sourceRunId: transcript.runId, mode: 'offline' } : undefined,
    });
    const agent = request.resourceSpans[0]?.scopeSpans[0]?.spans[0];
    const source = transcriptsToOtlp([transcript], { content: false, appVersion: '0' }).resourceSpans[0]?.scopeSpans[0]
      ?.spans[0];
    expect(agent?.links).toEqual([
      {
        traceId: source?.traceId,
        spanId: source?.spanId,
        attributes: [
          { key: 'loupe.link.kind', value: { stringValue: 'replay' } },
          { key: 'loupe.replay.mode', value: { stringValue: 'offline' } },
        ],
      },
    ]);
    expect(attrs(agent)['loupe.replay.source_run_id']).toBe(transcript.runId);
  });

  it('keeps each run’s MCP facts apart when a fork’s calls have its parent’s call ids', async () => {
    const transcript = await sampleTranscript();
    const fork = { ...transcript, runId: 'fork-2', branch: { name: 'B', parentRunId: transcript.runId, forkRound: 1 } };
    const request = transcriptsToOtlp([transcript, fork], {
      content: false,
      appVersion: '0',
      mcpCallOf: (runId, callId) =>
        callId === 'c1' ? { serverUrl: 'http://127.0.0.1:3001/mcp', requestId: runId === 'fork-2' ? 9 : 2 } : undefined,
    });
    const weather = (request.resourceSpans[0]?.scopeSpans[0]?.spans ?? []).filter(
      (span) => span.name === 'execute_tool weather',
    );
    expect(weather.map((span) => attrs(span)['jsonrpc.request.id'])).toEqual(['2', '9']);
  });

  it('writes the same ids for the same run, so a re-export names the same spans', async () => {
    const transcript = await sampleTranscript();
    const once = transcriptsToOtlp([transcript], { content: false, appVersion: '0' });
    const twice = transcriptsToOtlp([transcript, transcript], { content: false, appVersion: '0' });
    expect(twice).toEqual(once);
  });
});

describe('providerNameOf', () => {
  it('names the providers as the conventions do, and keeps the demo apart', () => {
    expect(['anthropic', 'openai-compatible', 'demo'].map(providerNameOf)).toEqual([
      'anthropic',
      'openai',
      'loupe.demo',
    ]);
  });
});
