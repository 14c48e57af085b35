// `--otlp` wired to one `loupe test`: the runner's secrets to scrub, and the converter — the engine host's own
// (it knows the MCP request behind each call: server, revision, session, JSON-RPC id) or, offline, the mapping.
import { transcriptsToOtlp } from '../engine/otel/transcript-to-otlp';
import type { TestSuite } from '../suite/test-suite';
import type { InProcessHost } from './in-process-host';
import type { TestCommand } from './parse-cli-args';
import type { SecretBindings } from './read-secret-bindings';
import { startTestTelemetry, type TestTelemetry } from './test-telemetry';

/** What it uses of the command's I/O (`CommandIo`). */
export interface SuiteTelemetryIo {
  env: Record<string, string | undefined>;
  appVersion: string;
  err: (line: string) => void;
  appendFile?: (path: string, text: string) => Promise<void>;
  fetchFn?: typeof fetch;
}

/** Every secret value the runner holds: the keys and the servers' headers. */
function secretsOf(bindings: SecretBindings): string[] {
  return [
    ...Object.values(bindings.keys).map((key) => key.value),
    ...bindings.serverHeaders.flatMap((bound) => Object.values(bound.headers)),
  ];
}

/** The telemetry of this command, or why `--otlp` cannot be used. */
export function startSuiteTelemetry(
  command: TestCommand,
  target: string,
  io: SuiteTelemetryIo,
  suite: TestSuite,
  bindings: SecretBindings,
  host: InProcessHost | undefined,
): TestTelemetry | string {
  let unmade = 0;
  return startTestTelemetry({
    target,
    content: command.otlpContent,
    suiteName: suite.name,
    appVersion: io.appVersion,
    env: io.env,
    secrets: secretsOf(bindings),
    convert: (transcript, content) =>
      host === undefined
        ? Promise.resolve(transcriptsToOtlp([transcript], { content, appVersion: io.appVersion }))
        : host.send({ type: 'otlp-convert', transcripts: [transcript], content }),
    ...(io.appendFile === undefined ? {} : { appendFile: io.appendFile }),
    err: io.err,
    ...(io.fetchFn === undefined ? {} : { fetchFn: io.fetchFn }),
    now: () => Date.now(),
    unmadeRunId: (run) => `unmade-${crypto.randomUUID()}-${run.caseId}-${++unmade}`,
  });
}
