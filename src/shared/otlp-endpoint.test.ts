import { describe, expect, it } from 'vitest';
import { parseOtlpEndpoint } from './otlp-endpoint';

describe('parseOtlpEndpoint', () => {
  it('appends /v1/traces to a base URL and keeps a full traces URL as it is', () => {
    expect(parseOtlpEndpoint('http://localhost:4318')).toEqual({
      tracesUrl: 'http://localhost:4318/v1/traces',
      origin: 'http://localhost:4318',
    });
    expect(parseOtlpEndpoint('https://otel.example/otlp/')).toMatchObject({
      tracesUrl: 'https://otel.example/otlp/v1/traces',
    });
    expect(parseOtlpEndpoint(' https://otel.example/v1/traces#x ')).toMatchObject({
      tracesUrl: 'https://otel.example/v1/traces',
    });
  });

  it('allows plain http on this machine and the local network only', () => {
    expect(parseOtlpEndpoint('http://192.168.1.20:4318')).toMatchObject({ origin: 'http://192.168.1.20:4318' });
    expect(parseOtlpEndpoint('http://collector.example.com')).toEqual(expect.stringContaining('use https'));
  });

  it('refuses what is not an http(s) URL, and credentials in the URL', () => {
    expect(parseOtlpEndpoint('localhost:4318')).toEqual(expect.stringContaining('http(s)'));
    expect(parseOtlpEndpoint('not a url')).toEqual(expect.stringContaining('is not a URL'));
    expect(parseOtlpEndpoint('javascript:alert(1)')).toEqual(expect.stringContaining('http(s)'));
    expect(parseOtlpEndpoint('https://user:pw@otel.example')).toEqual(expect.stringContaining('headers instead'));
  });
});
