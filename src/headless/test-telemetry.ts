// `loupe test --otlp <endpoint|file>`: each test run, as it is checked, becomes a trace with its verdicts
// (suite/test-run-trace.ts), posted to an OTLP/HTTP collector or appended to a file as one OTLP/JSON line, as the
// Collector's file exporter writes them. Telemetry never decides the run: a refused, unreachable or slow collector,
// or a file that cannot be written, is said once on stderr, and the exit code is the suite's.
import type { OtlpTraceRequest } from '../engine/otel/otlp-json';
import { sendOtlpTraces } from '../engine/otel/send/send-otlp-traces';
import type { Transcript } from '../engine/transcript/transcript';
import { parseOtlpEndpoint, type OtlpEndpoint } from '../shared/otlp-endpoint';
import { scrubSecrets, scrubSecretsDeep, secretList } from '../shared/scrub-secrets';
import type { CaseRun } from '../suite/summarize-runs';
import { unmadeRunTrace, withTestVerdicts } from '../suite/test-run-trace';
import type { TestCase } from '../suite/test-suite';
import { OTLP_HEADERS_VARIABLE, parseOtlpHeaders } from './read-otlp-headers';

/** The longest one send may take: the suite's end waits for sends still going, never for a collector that hangs. */
export const OTLP_SEND_TIMEOUT_MS = 10_000;

export interface TestTelemetryOptions {
  /** `--otlp`: an http(s) URL is a collector (`/v1/traces` added as for the app's setting), anything else a file. */
  target: string;
  /** `--otlp-content`: messages, tool arguments and results in the spans (off by default, as in the app). */
  content: boolean;
  suiteName: string;
  appVersion: string;
  env: Record<string, string | undefined>;
  /** The run's secrets (keys, server headers): written as REDACTED wherever a run echoed one. */
  secrets: readonly string[];
  /** A transcript as its trace: the engine host's (which knows each call's MCP request), or the plain mapping. */
  convert: (transcript: Transcript, content: boolean) => Promise<OtlpTraceRequest>;
  appendFile?: (path: string, text: string) => Promise<void>;
  err: (line: string) => void;
  fetchFn?: typeof fetch;
  now: () => number;
  /** The run id of a run that could not be made (no transcript, so none of its own). */
  unmadeRunId: (run: CaseRun) => string;
}

export interface TestTelemetry {
  /** Sends `run`'s trace (in the background: the suite goes on). */
  record(run: CaseRun, testCase: TestCase): void;
  /** Resolves once every send has ended (each within `OTLP_SEND_TIMEOUT_MS`). */
  close(): Promise<void>;
}

type Deliver = (request: OtlpTraceRequest) => Promise<string | undefined>;

/** Posts to the collector; the answer is a failure's reason, with the headers' values never in it. */
function toCollector(endpoint: OtlpEndpoint, headers: Record<string, string>, options: TestTelemetryOptions): Deliver {
  const fetchFn = options.fetchFn ?? fetch;
  const timed: typeof fetch = (input, init) =>
    fetchFn(input, { ...init, signal: AbortSignal.timeout(OTLP_SEND_TIMEOUT_MS) });
  return async (request) => {
    const result = await sendOtlpTraces(request, endpoint, headers, timed);
    return result.ok ? undefined : result.reason;
  };
}

/** Appends one line per run, in the order the runs were checked. */
function toFile(path: string, options: TestTelemetryOptions): Deliver | string {
  const append = options.appendFile;
  if (append === undefined) return `--otlp ${path}: this runner cannot append to files.`;
  let queue: Promise<unknown> = Promise.resolve();
  return (request) => {
    const written = queue.then(() => append(path, `${JSON.stringify(request)}\n`));
    queue = written.catch(() => undefined);
    return written.then(
      () => undefined,
      (error: unknown) => `could not write ${path} (${error instanceof Error ? error.message : String(error)}).`,
    );
  };
}

/** The telemetry of one `loupe test`, or a sentence saying why `--otlp` cannot be used (exit 2). */
export function startTestTelemetry(options: TestTelemetryOptions): TestTelemetry | string {
  const isUrl = /^https?:\/\//i.test(options.target.trim());
  let deliver: Deliver | string;
  let headerValues: string[] = [];
  if (isUrl) {
    const endpoint = parseOtlpEndpoint(options.target);
    if (typeof endpoint === 'string') return `--otlp: ${endpoint}`;
    const headers = parseOtlpHeaders(options.env[OTLP_HEADERS_VARIABLE]);
    if (typeof headers === 'string') return headers;
    headerValues = Object.values(headers);
    deliver = toCollector(endpoint, headers, options);
  } else deliver = toFile(options.target, options);
  if (typeof deliver === 'string') return deliver;
  const send = deliver;
  // The endpoint's header values are secrets too: a tool that echoed one must not carry it to the collector.
  const secrets = secretList([...options.secrets, ...headerValues]);
  const pending = new Set<Promise<void>>();
  let failed = false;
  const fail = (reason: string) => {
    if (failed) return;
    failed = true;
    options.err(
      `OpenTelemetry: the test runs' traces were not sent: ${scrubSecrets(reason, secrets)} The suite goes on; later failures are not shown.`,
    );
  };

  async function traceOf(run: CaseRun, testCase: TestCase): Promise<OtlpTraceRequest> {
    const facts = {
      suiteName: options.suiteName,
      caseId: testCase.id,
      caseName: testCase.name,
      modelLabel: run.modelLabel,
      attempt: run.attempt,
      expectations: testCase.expectations,
      results: run.results,
      ...(run.error === undefined ? {} : { error: run.error }),
      content: options.content,
    };
    const request =
      run.transcript === undefined
        ? unmadeRunTrace(options.unmadeRunId(run), facts, options.now(), options.appVersion)
        : withTestVerdicts(await options.convert(run.transcript, options.content), run.transcript.runId, facts);
    // After the mapping: the verdicts' explanations may quote what a tool echoed too.
    return scrubSecretsDeep(request, secrets).value;
  }

  return {
    record(run, testCase) {
      const sent = traceOf(run, testCase)
        .then(send)
        .then(
          (reason) => (reason === undefined ? undefined : fail(reason)),
          (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
        );
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
    },
    async close() {
      await Promise.all(pending);
    },
  };
}
