import { describe, expect, it } from 'vitest';
import { setTelemetryEndpoint } from './set-telemetry-endpoint';

const withKey = {
  includeContent: false,
  endpoint: 'https://otel.example/v1/traces',
  traceContext: true,
  headers: { 'x-api-key': 'collector-key' },
};

describe('setTelemetryEndpoint', () => {
  it('keeps the headers while the endpoint stays on its origin', () => {
    expect(setTelemetryEndpoint(withKey, 'https://otel.example/otlp').headers).toEqual(withKey.headers);
  });

  it('drops them when the endpoint moves to another origin, or to something unparsable', () => {
    expect(setTelemetryEndpoint(withKey, 'https://otel.example.evil.test').headers).toEqual({});
    expect(setTelemetryEndpoint(withKey, 'http://otel.example').headers).toEqual({});
    expect(setTelemetryEndpoint(withKey, 'https://otel.example:8443').headers).toEqual({});
    expect(setTelemetryEndpoint(withKey, '').headers).toEqual({});
  });
});
