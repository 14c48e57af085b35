// Sends one ended run to the person's OTLP endpoint (Settings → Telemetry): the run's transcript, with the
// person's secrets scrubbed as in an export, mapped to GenAI spans and posted. Never throws: a collector that is
// down or refuses answers with a reason, and the run it describes is already over and unchanged.
import type { Transcript } from '../engine/transcript/transcript';
import type { OtlpExportOptions } from '../engine/otel/transcript-to-otlp';
import { parseOtlpEndpoint } from '../shared/otlp-endpoint';
import type { OtlpSendResult } from '../engine/otel/send/send-otlp-traces';
import { scrubSecretsDeep, secretList } from '../shared/scrub-secrets';

/** What the UI asks: which run, where, with which headers, and what must not appear in it. */
export interface RunTraceSend {
  runId: string;
  endpoint: string;
  headers: Record<string, string>;
  content: boolean;
  /** The person's secrets (keys, server credentials), replaced by REDACTED before anything is mapped. */
  secrets: string[];
}

export interface RunTraceSendDependencies {
  /** The run's transcript; with its family (`branch`, `branches`) when it was forked, so its link can be made. */
  transcriptOf: (runId: string) => Transcript;
  /** What the worker knows besides the transcript: each call's MCP request, a replay's source. */
  facts?: Pick<OtlpExportOptions, 'mcpCallOf' | 'originOf'>;
  appVersion: string;
  fetchFn: typeof fetch;
}

export async function sendRunTrace(command: RunTraceSend, deps: RunTraceSendDependencies): Promise<OtlpSendResult> {
  const endpoint = parseOtlpEndpoint(command.endpoint);
  if (typeof endpoint === 'string') return { ok: false, reason: endpoint };
  // The endpoint's own header values are secrets too: a tool that echoed one must not carry it to the collector.
  const secrets = secretList([...command.secrets, ...Object.values(command.headers)]);
  const transcript = scrubSecretsDeep(deps.transcriptOf(command.runId), secrets).value;
  // Loaded on first use: the mapping stays out of the worker's first load.
  const [{ transcriptsToOtlp }, { sendOtlpTraces }] = await Promise.all([
    import('../engine/otel/transcript-to-otlp'),
    import('../engine/otel/send/send-otlp-traces'),
  ]);
  // Only this run is sent: its family's other runs were sent as they ended, and only tell the link where to point.
  const request = transcriptsToOtlp([transcript], {
    content: command.content,
    appVersion: deps.appVersion,
    onlyRunIds: new Set([command.runId]),
    ...deps.facts,
  });
  return sendOtlpTraces(request, endpoint, command.headers, deps.fetchFn);
}
