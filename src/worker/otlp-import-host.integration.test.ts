// An OTLP file through the worker's one import path: opened as a run, replayed offline from its recorded replies
// and results, a file of several traces answered with the choice, a hostile one refused with nothing kept.
import { afterEach, describe, expect, it } from 'vitest';
import { sampleTranscript } from '../engine/testing/sample-otel-run';
import { transcriptsToOtlp } from '../engine/otel/transcript-to-otlp';
import type { TranscriptImportResult } from '../protocol/session-messages';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness, type HostHarness } from './testing/create-host-harness';

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };
let harness: HostHarness | undefined;
afterEach(async () => {
  await harness?.host.dispose();
  harness = undefined;
});

async function importFile(text: string, runId: string, traceId?: string): Promise<TranscriptImportResult> {
  harness ??= createHostHarness();
  const file = new Blob([text], { type: 'application/json' });
  return (await harness.send({
    type: 'transcript-import',
    runId,
    file,
    ...(traceId !== undefined ? { traceId } : {}),
  })) as TranscriptImportResult;
}

describe('transcript-import of an OTLP file', () => {
  it('opens the trace as a run that replays offline to the same answer', async () => {
    const otlp = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const result = await importFile(JSON.stringify(otlp), 'from-trace');
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.title).toBe('invoke_agent Loupe');
    const h = harness!;
    await h.send({ type: 'run-replay', runId: 'replayed', sourceRunId: 'from-trace', mode: 'offline', settings });
    await h.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'replayed' && m.event.type === 'run-end'),
    );
    const events = h.runEvents('replayed');
    const end = events.find((event) => event.type === 'run-end');
    expect(end?.type === 'run-end' && end.finishReason).toBe('end_turn');
    const texts = events.flatMap((event) =>
      event.type === 'response-end' ? event.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) : [],
    );
    expect(texts).toEqual(['Checking.', 'Sunny.']);
  });

  it('answers a file of several traces with the choice, and imports the trace picked', async () => {
    const one = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const two = transcriptsToOtlp([{ ...(await sampleTranscript()), runId: 'other' }], {
      content: true,
      appVersion: '0.1.0',
    });
    const text = `${JSON.stringify(one)}\n${JSON.stringify(two)}`;
    const first = await importFile(text, 'pick');
    if (first.ok || !first.traces) throw new Error('expected a choice');
    expect(first.traces).toHaveLength(2);
    const picked = await importFile(text, 'pick', first.traces[1]!.traceId);
    expect(picked.ok).toBe(true);
  });

  it('refuses a hostile file and keeps nothing', async () => {
    const otlp = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const spans = otlp.resourceSpans[0]!.scopeSpans[0]!.spans;
    spans[0]!.parentSpanId = spans[1]!.spanId;
    spans[1]!.parentSpanId = spans[0]!.spanId;
    const result = await importFile(JSON.stringify(otlp), 'hostile');
    if (result.ok) throw new Error('expected a refusal');
    expect(result.problems[0]!.expected).toBe('a parent chain that ends at a root span');
    await expect(harness!.send({ type: 'transcript-export', runId: 'hostile' })).rejects.toThrow();
  });

  it('reads files picked together as one export, and refuses a transcript or request among them', async () => {
    const otlp = transcriptsToOtlp([await sampleTranscript()], { content: true, appVersion: '0.1.0' });
    const spans = otlp.resourceSpans[0]!.scopeSpans[0]!.spans;
    // The run's span in one file, its rounds and calls in another: neither alone is the whole trace.
    const part = (kept: typeof spans) => ({
      resourceSpans: [
        { ...otlp.resourceSpans[0]!, scopeSpans: [{ ...otlp.resourceSpans[0]!.scopeSpans[0]!, spans: kept }] },
      ],
    });
    harness ??= createHostHarness();
    const together = (await harness.send({
      type: 'transcript-import',
      runId: 'two-files',
      file: new Blob([JSON.stringify(part(spans.slice(0, 1)))]),
      moreFiles: [new Blob([JSON.stringify(part(spans.slice(1)))])],
    })) as TranscriptImportResult;
    if (!together.ok) throw new Error(JSON.stringify(together.problems));
    expect(together.title).toBe('invoke_agent Loupe');
    const transcript = await sampleTranscript();
    const mixed = (await harness.send({
      type: 'transcript-import',
      runId: 'mixed-files',
      file: new Blob([JSON.stringify(transcript)]),
      moreFiles: [new Blob([JSON.stringify(otlp)])],
    })) as TranscriptImportResult;
    if (mixed.ok) throw new Error('expected a refusal');
    expect(mixed.problems[0]!.expected).toMatch(/OpenTelemetry files/);
    await expect(harness.send({ type: 'transcript-export', runId: 'mixed-files' })).rejects.toThrow();
  });
});
