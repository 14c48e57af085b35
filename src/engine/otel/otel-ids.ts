// Trace and span ids derived from the run id and the span's place in the run: the same run exports the same ids,
// so a re-export, a live send and a fork's link all name the same spans. Pure (FNV-1a, 64-bit).

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

function fnv1a64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (const char of text) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  // An all-zero id is invalid in OTLP; the odds are nil, but never write one.
  return hash === 0n ? 1n : hash;
}

function hex64(value: bigint): string {
  return value.toString(16).padStart(16, '0');
}

/** The 32-hex-digit trace id of a run. */
export function traceIdOf(runId: string): string {
  return hex64(fnv1a64(`trace:${runId}`)) + hex64(fnv1a64(`trace2:${runId}`));
}

/** The place of a call's `execute_tool` span: its id and the trace context sent with its MCP request agree. */
export function toolSpanPlace(callId: string): string {
  return `tool:${callId}`;
}

/** The 16-hex-digit span id of one span of a run (`agent`, `round:2`, `tool:<call id>` …). */
export function spanIdOf(runId: string, place: string): string {
  return hex64(fnv1a64(`span:${runId}:${place}`));
}
