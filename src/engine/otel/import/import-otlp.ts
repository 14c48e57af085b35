// Pure: the entry of the OTLP import. Bytes or text in — OTLP/JSON (one request or JSON lines, traces and logs
// mixed) or OTLP protobuf — and out: not OTLP (another importer reads it), a choice among several agent
// traces, one trace as a transcript, or the problem that refused the file (nothing stored changes).
import type { Transcript } from '../../transcript/transcript';
import type { TranscriptProblem } from '../../transcript/transcript-problem';
import { agentTraceToTranscript } from './agent-trace-to-transcript';
import { decodeOtlpProtobuf, mayBeOtlpProtobuf } from './decode-otlp-protobuf';
import { groupAgentTraces, traceChoices, type TraceChoice } from './group-agent-traces';
import { OtlpImportError, refuseOtlp } from './otlp-import-error';
import { readOtlpDocument, readOtlpJson } from './read-otlp-json';
import type { ReadOtlp } from './read-span';

export type OtlpImportInput = { text: string } | { bytes: Uint8Array };

export interface OtlpImportOptions {
  runId: string;
  app: { name: string; version: string };
  /** The trace the person picked, when the file holds several. */
  traceId?: string;
}

export type OtlpImportOutcome =
  | { kind: 'not-otlp' }
  | { kind: 'choice'; traces: TraceChoice[] }
  | { kind: 'transcript'; transcript: Transcript; notes: string[]; title: string }
  | { kind: 'refused'; problems: TranscriptProblem[] };

const firstByte = (bytes: Uint8Array): number | undefined =>
  bytes.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);

function readInput(input: OtlpImportInput, into: ReadOtlp): boolean {
  if ('text' in input) return readOtlpJson(input.text, into);
  if (firstByte(input.bytes) === 0x7b) return readOtlpJson(new TextDecoder().decode(input.bytes), into);
  if (!mayBeOtlpProtobuf(input.bytes)) return false;
  const doc = decodeOtlpProtobuf(input.bytes);
  if (!doc) return false;
  readOtlpDocument(doc, '', into);
  return true;
}

/**
 * Reads the inputs (one file, or several picked together: traces and logs apart, say); a fault in a file is a
 * problem, never a throw. Not OTLP when the first input is not.
 */
export function importOtlp(inputs: readonly OtlpImportInput[], options: OtlpImportOptions): OtlpImportOutcome {
  try {
    const read: ReadOtlp = { spans: [], logs: [] };
    for (const [index, input] of inputs.entries()) {
      if (readInput(input, read)) continue;
      if (index === 0) return { kind: 'not-otlp' };
      refuseOtlp(`file ${index + 1}`, 'OTLP like the first file', 'another kind of file');
    }
    const traces = groupAgentTraces(read);
    const picked =
      options.traceId !== undefined
        ? traces.find((trace) => trace.traceId === options.traceId)
        : traces.length === 1
          ? traces[0]
          : undefined;
    if (options.traceId !== undefined && !picked)
      refuseOtlp('(file)', `the trace ${options.traceId}`, 'a file without it');
    if (!picked) return { kind: 'choice', traces: traceChoices(traces) };
    const { transcript, notes } = agentTraceToTranscript(picked, { runId: options.runId, app: options.app });
    return { kind: 'transcript', transcript, notes, title: picked.name };
  } catch (error) {
    if (error instanceof OtlpImportError) return { kind: 'refused', problems: [error.problem] };
    if (error instanceof RangeError)
      return {
        kind: 'refused',
        problems: [{ path: '(file)', expected: 'an OTLP file Loupe can read within its bounds', got: error.message }],
      };
    throw error;
  }
}
