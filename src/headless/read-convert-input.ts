// What `convert` reads: a Loupe transcript, an OpenTelemetry GenAI trace in OTLP/JSON (issue 34), or a provider
// request body / a curl carrying one (issue 35), turned into a transcript with the same code the app's import uses. Every input ends in the app's own
// transcript import (its schema checks, its words for what is wrong).
import { importOtlp } from '../engine/otel/import/import-otlp';
import { convertRequestText, findRequestTexts } from '../engine/request-import/convert-request-text';
import { isHtmlText, readHtmlFile } from '../engine/html-file/read-html-file';
import { importTranscript } from '../engine/transcript/import-transcript';
import type { Transcript } from '../engine/transcript/transcript';
import { describeProblem } from '../engine/transcript/transcript-problem';
import { checkTranscriptSchema } from '../worker/check-transcript-schema';
import { transcriptApp } from '../worker/run-transcript-meta';

export type ConvertInput = { ok: true; transcript: Transcript; from: string } | { ok: false; problems: string[] };

/** Reads `text` as a transcript, or as a request made into one; `now` dates a request's transcript. */
export function readConvertInput(text: string, options: { appVersion: string; now: number }): ConvertInput {
  if (isHtmlText(text)) {
    const read = readHtmlFile(text);
    if ('problem' in read) return { ok: false, problems: [read.problem] };
    return readConvertInput(read.json, options);
  }
  const app = transcriptApp(options.appVersion);
  const otlp = importOtlp([{ text }], { runId: 'run_converted', app });
  if (otlp.kind === 'refused') return { ok: false, problems: otlp.problems.map(describeProblem) };
  if (otlp.kind === 'choice')
    return {
      ok: false,
      problems: [
        `the file holds ${otlp.traces.length} agent traces (${otlp.traces.map((trace) => trace.traceId).join(', ')}); convert reads a file of one — open it in the app to pick one`,
      ],
    };
  const requestTexts = otlp.kind === 'transcript' ? undefined : findRequestTexts(text);
  let transcriptText = otlp.kind === 'transcript' ? JSON.stringify(otlp.transcript) : text;
  let from = otlp.kind === 'transcript' ? 'an OpenTelemetry trace' : 'a Loupe transcript';
  if (requestTexts) {
    const converted = convertRequestText(requestTexts, {
      runId: 'run_converted',
      now: options.now,
      app,
    });
    if (!converted.ok) return { ok: false, problems: converted.problems.map(describeProblem) };
    transcriptText = JSON.stringify(converted.transcript);
    from = 'a provider request';
  }
  const imported = importTranscript(transcriptText, checkTranscriptSchema);
  if (!imported.ok)
    return {
      ok: false,
      problems: [
        'expected a Loupe transcript, an OTLP/JSON GenAI trace, a provider request body or a curl carrying one',
        ...imported.problems.map((problem) => `${problem.path}: expected ${problem.expected}, got ${problem.got}`),
      ],
    };
  return { ok: true, transcript: imported.transcript, from };
}
