// HAR out: the HAR 1.2 schema accepts the file, every exchange is in it, and no credential is.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic-entry';
import type { Transcript } from '../transcript/transcript';
import { buildHarFile } from './build-har-file';
import { trafficToExchanges } from './traffic-to-har';
import { transcriptToExchanges } from './transcript-to-har';

const schema = JSON.parse(readFileSync('test/fixtures/har/har-1.2.schema.json', 'utf8')) as Record<string, unknown>;
const validate = (value: unknown) => new Validator(schema, '7', false).validate(value).errors;

function transcriptWithRequests(): Transcript {
  const transcript = JSON.parse(
    readFileSync('test/fixtures/transcripts/v2/demo-weather-clothing.json', 'utf8'),
  ) as Transcript;
  transcript.rounds.forEach((round, index) => {
    round.sent = {
      method: 'POST',
      url: 'https://api.example.test/v1/messages?api_key=sk-IN-URL',
      headers: { 'anthropic-version': '2023-06-01' },
      auth: { header: 'x-api-key' },
      body: { model: 'm', max_tokens: 10 },
      history: {
        kept: index === 0 ? 0 : 2 * index - 1,
        added: transcript.messages.slice(index === 0 ? 0 : 2 * index - 1, 2 * index + 1),
      },
      response: { status: 200 },
    };
  });
  return transcript;
}

const traffic: TrafficEntry[] = [
  {
    at: 1000,
    direction: 'sent',
    kind: 'request',
    method: 'initialize',
    id: 0,
    message: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} },
  },
  {
    at: 1010,
    direction: 'received',
    kind: 'response',
    id: 0,
    durationMs: 10,
    message: { jsonrpc: '2.0', id: 0, result: { serverInfo: { name: 'demo' } } },
  },
  {
    at: 1020,
    direction: 'sent',
    kind: 'notification',
    method: 'notifications/initialized',
    message: { jsonrpc: '2.0', method: 'notifications/initialized' },
  },
  {
    at: 1030,
    direction: 'sent',
    kind: 'request',
    method: 'tools/call',
    id: 1,
    headers: {
      'Mcp-Session-Id': 'SESSION-SECRET',
      Authorization: 'Bearer TOKEN-SECRET',
      'Mcp-Method': 'tools/call',
      'X-Auth-Token': 'T2',
    },
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'weather_get' } },
  },
  { at: 1040, direction: 'received', kind: 'notification', method: 'notifications/progress', message: {} },
  {
    at: 1050,
    direction: 'sent',
    kind: 'request',
    method: 'tools/call',
    id: 2,
    message: { jsonrpc: '2.0', id: 2, method: 'tools/call' },
  },
];

describe('buildHarFile', () => {
  it('writes model calls and MCP traffic as HAR 1.2 the schema accepts, oldest first, with no secret', () => {
    const transcript = transcriptWithRequests();
    const mcp = trafficToExchanges({
      name: 'demo',
      url: 'https://mcp.example.test/mcp?token=URL-SECRET',
      entries: traffic,
    });
    expect(mcp.unpaired).toBe(1);
    const har = buildHarFile([...transcriptToExchanges(transcript), ...mcp.exchanges], { version: '1.0.0' });
    expect(validate(har)).toEqual([]);
    // The schema does refuse what HAR 1.2 forbids (an entry without its request, response, cache and timings).
    expect(validate({ log: { ...har.log, entries: [{ startedDateTime: 'x', time: 0 }] } })).not.toEqual([]);
    expect(har.log.entries).toHaveLength(transcript.rounds.length + 4);
    const times = har.log.entries.map((entry) => Date.parse(entry.startedDateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const text = JSON.stringify(har);
    for (const secret of ['sk-IN-URL', 'SESSION-SECRET', 'TOKEN-SECRET', 'URL-SECRET', '"T2"'])
      expect(text).not.toContain(secret);
    const call = har.log.entries.find((entry) => entry.request.postData?.text.includes('"id":1'));
    expect(call?.request.headers).toEqual(
      expect.arrayContaining([
        { name: 'Mcp-Session-Id', value: 'REDACTED' },
        { name: 'Authorization', value: 'REDACTED' },
        { name: 'Mcp-Method', value: 'tools/call' },
      ]),
    );
  });

  it('pairs each request with its answer; a notification is 202, an unanswered request status 0', () => {
    const { exchanges } = trafficToExchanges({ name: 'demo', url: 'http://127.0.0.1:1/mcp', entries: traffic });
    expect(exchanges.map((exchange) => [exchange.status, exchange.responseBody?.text])).toEqual([
      [200, JSON.stringify(traffic[1]!.message)],
      [202, undefined],
      [0, undefined],
      [0, undefined],
    ]);
  });

  it('writes each round’s request body exactly as sent, history rebuilt, the key header named but redacted', () => {
    const transcript = transcriptWithRequests();
    const [first, second] = transcriptToExchanges(transcript);
    expect(JSON.parse(first!.requestBody!.text)).toEqual({
      model: 'm',
      max_tokens: 10,
      messages: transcript.messages.slice(0, 1),
    });
    expect((JSON.parse(second!.requestBody!.text) as { messages: unknown }).messages).toEqual(
      transcript.messages.slice(0, 3),
    );
    expect(second!.requestHeaders['x-api-key']).toBe('REDACTED');
  });
});
