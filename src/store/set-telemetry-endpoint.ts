// Pure: a new OTLP endpoint for Settings → Telemetry. Headers are bound to the origin they were typed for: when
// the endpoint moves to another origin they are dropped, so a collector's API key never goes to a new host.
import { parseOtlpEndpoint } from '../shared/otlp-endpoint';
import type { TelemetrySettings } from './settings';

function originOf(endpoint: string): string | null {
  const parsed = parseOtlpEndpoint(endpoint);
  return typeof parsed === 'string' ? null : parsed.origin;
}

/** `telemetry` with `endpoint`, and its headers kept only when the origin is the same as before. */
export function setTelemetryEndpoint(telemetry: TelemetrySettings, endpoint: string): TelemetrySettings {
  const before = originOf(telemetry.endpoint);
  const keep = before !== null && before === originOf(endpoint);
  return { ...telemetry, endpoint, headers: keep ? telemetry.headers : {} };
}
