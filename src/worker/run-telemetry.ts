// What the worker knows of its runs beyond their events, for their traces: the MCP request behind each call (server,
// revision, session, JSON-RPC id) and where a replay came from. One home for both, read by the export and the send.
import type { OtlpExportOptions } from '../engine/otel/transcript-to-otlp';
import type { RunOrigin } from '../engine/otel/run-links';
import { McpCallRecord } from './record-mcp-calls';

/** The telemetry facts of this worker's runs. */
export class RunTelemetry {
  readonly mcpCalls = new McpCallRecord();
  readonly #origins = new Map<string, RunOrigin>();

  /** Run `runId` replays another (its trace links to it). */
  noteOrigin(runId: string, origin: RunOrigin): void {
    this.#origins.set(runId, origin);
  }

  /** What an export of these runs may add to what their transcripts say. */
  exportFacts(): Pick<OtlpExportOptions, 'mcpCallOf' | 'originOf'> {
    return {
      mcpCallOf: (runId, callId) => this.mcpCalls.callOf(runId, callId),
      originOf: (runId) => this.#origins.get(runId),
    };
  }
}
