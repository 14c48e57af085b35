// Settings → Telemetry: what OpenTelemetry exports carry, and where each ended run is sent (docs/otel.md).
// Content is off unless ticked; the endpoint's headers stay in memory and go to that endpoint's origin only.
import { useState } from 'react';
import { parseOtlpEndpoint } from '../../shared/otlp-endpoint';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { parseHeaders } from '../../store/parse-headers';
import { setTelemetryEndpoint } from '../../store/set-telemetry-endpoint';
import { inputClass, labelClass, panelClass, panelTitleClass } from '../common/styles';

function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

export function TelemetrySettings() {
  const telemetry = useLoupeStore((state) => state.settings.telemetry);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const [draftHeaders, setDraftHeaders] = useState(() => headersText(telemetry.headers));
  const [headerProblems, setHeaderProblems] = useState<string[]>([]);
  const endpointProblem = telemetry.endpoint.trim() === '' ? null : parseOtlpEndpoint(telemetry.endpoint);
  return (
    <section aria-labelledby="telemetry-title" className={panelClass} role="group">
      <h2 id="telemetry-title" className={panelTitleClass}>
        Telemetry
      </h2>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={telemetry.includeContent}
          onChange={(event) => updateSettings({ telemetry: { ...telemetry, includeContent: event.target.checked } })}
        />
        <span>
          Include message content
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            OpenTelemetry exports then carry the system prompt, messages, tool definitions, arguments and results, with
            secrets redacted as in transcripts.
          </span>
        </span>
      </label>
      <label className={`${labelClass} mt-3`} htmlFor="otlp-endpoint">
        OTLP endpoint
      </label>
      <input
        id="otlp-endpoint"
        className={`${inputClass} font-mono`}
        placeholder="http://localhost:4318"
        value={telemetry.endpoint}
        aria-describedby="otlp-endpoint-hint"
        onChange={(event) => {
          const next = setTelemetryEndpoint(telemetry, event.target.value);
          if (Object.keys(next.headers).length === 0) setDraftHeaders('');
          updateSettings({ telemetry: next });
        }}
      />
      <p id="otlp-endpoint-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {typeof endpointProblem === 'string'
          ? endpointProblem
          : 'Each run is sent there as OTLP/HTTP JSON when it ends (/v1/traces is added to a base URL). Empty: nothing is sent.'}
      </p>
      <label className="mt-3 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={telemetry.traceContext}
          onChange={(event) => updateSettings({ telemetry: { ...telemetry, traceContext: event.target.checked } })}
        />
        <span>
          Send trace context to MCP servers
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            While runs are sent, each tool call tells its server the call&apos;s span (traceparent in the request&apos;s
            _meta), so a server with OpenTelemetry lands its spans in the same trace.
          </span>
        </span>
      </label>
      <label className={`${labelClass} mt-3`} htmlFor="otlp-headers">
        OTLP headers
      </label>
      <textarea
        id="otlp-headers"
        rows={2}
        className={`${inputClass} font-mono text-xs`}
        value={draftHeaders}
        aria-describedby="otlp-headers-hint"
        onChange={(event) => {
          setDraftHeaders(event.target.value);
          const parsed = parseHeaders(event.target.value);
          setHeaderProblems(parsed.problems);
          if (parsed.problems.length === 0) updateSettings({ telemetry: { ...telemetry, headers: parsed.headers } });
        }}
      />
      <p id="otlp-headers-hint" className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {headerProblems.length > 0
          ? headerProblems.join(' ')
          : 'One “Name: value” per line, sent to the endpoint’s origin only. Kept in memory only, never saved; cleared when the endpoint moves to another origin.'}
      </p>
    </section>
  );
}
