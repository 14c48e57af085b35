// Export → HAR's scopes (issue 35): the shown run or the whole session, one server or all — each holds what it says,
// and no scope lets a secret through.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HarFile } from '../engine/har/har-file';
import type { HarScope } from '../engine/har/har-scope';
import type { ServerTraffic } from '../engine/har/traffic-to-har';
import type { Transcript } from '../engine/transcript/transcript';
import type { TrafficEntry } from '../shared/traffic-entry';
import { buildShareFile } from './build-share-file';

const fixture = JSON.parse(
  readFileSync('test/fixtures/transcripts/v2/demo-weather-clothing.json', 'utf8'),
) as Transcript;

/** The fixture as a run that started at `start` (its rounds 100 ms apart), each round's request recorded with a key. */
function runAt(runId: string, start: number): Transcript {
  const run = structuredClone(fixture);
  run.runId = runId;
  run.createdAt = new Date(start).toISOString();
  run.rounds.forEach((round, index) => {
    const at = start + 100 * index + 10;
    round.response!.timing = { ...round.response!.timing, startedAt: at, endedAt: at + 40 };
    round.toolCalls.forEach((call) => (call.timing = { ...call.timing, startedAt: at + 50, endedAt: at + 60 }));
    round.sent = {
      method: 'POST',
      url: 'https://api.example.test/v1/messages?api_key=sk-IN-URL',
      headers: {},
      auth: { header: 'x-api-key' },
      body: { model: 'm', runId },
      history: { kept: 0, added: [] },
      response: { status: 200 },
    };
  });
  return run;
}

function call(at: number, id: number, method: string): TrafficEntry[] {
  return [
    {
      at,
      direction: 'sent',
      kind: 'request',
      method,
      id,
      headers: { 'Mcp-Session-Id': 'SESSION-SECRET', Authorization: 'Bearer TOKEN-SECRET' },
      message: { jsonrpc: '2.0', id, method },
    },
    // The answer to the first run's last call comes after that run's window: it stays with its request.
    {
      at: at + 5,
      direction: 'received',
      kind: 'response',
      id,
      durationMs: 5,
      message: { jsonrpc: '2.0', id, result: {} },
    },
  ];
}

const first = runAt('run_first', 10_000);
const second = runAt('run_second', 20_000);
const traffic: ServerTraffic[] = [
  {
    name: 'demo',
    url: 'https://demo.example.test/mcp?token=URL-SECRET',
    entries: [...call(9_000, 1, 'tools/list'), ...call(10_248, 2, 'tools/call'), ...call(20_060, 3, 'tools/call')],
  },
  { name: 'other', url: 'https://other.example.test/mcp', entries: [...call(10_160, 1, 'tools/call')] },
];

function har(scope: HarScope, transcripts: Transcript[]): HarFile {
  const { text } = buildShareFile({ type: 'share-file-build', format: 'har', transcripts, traffic, scope }, '1.0.0');
  const secrets = ['sk-IN-URL', 'SESSION-SECRET', 'TOKEN-SECRET', 'URL-SECRET'];
  for (const secret of secrets) expect(text, `${secret} in ${JSON.stringify(scope)}`).not.toContain(secret);
  return JSON.parse(text) as HarFile;
}

/** Each entry as `<host> <what>`: the model's calls by run, MCP calls by method and id. */
function listed(file: HarFile): string[] {
  return file.log.entries.map((entry) => {
    const host = new URL(entry.request.url).host.split('.')[0]!;
    const body = JSON.parse(entry.request.postData!.text) as { runId?: string; method?: string; id?: number };
    return `${host} ${body.runId ?? `${body.method}#${body.id}`}`;
  });
}

describe('buildShareFile: HAR scopes', () => {
  it('this run, every server: its model calls and the MCP traffic while it ran, answers kept with their requests', () => {
    const file = har({ runs: 'run' }, [first]);
    expect(listed(file)).toEqual([
      'api run_first',
      'api run_first',
      'other tools/call#1',
      'api run_first',
      'demo tools/call#2',
    ]);
    expect(file.log.entries.find((entry) => entry.request.url.includes('demo'))?.response.status).toBe(200);
    expect(file.log.comment).toContain('Scope: the shown run; MCP traffic of every server while the run ran.');
  });

  it('this run, one server: the other server’s traffic is left out', () => {
    expect(listed(har({ runs: 'run', server: 'demo' }, [second]))).toEqual([
      'api run_second',
      'demo tools/call#3',
      'api run_second',
      'api run_second',
    ]);
  });

  it('whole session, every server: every run’s model calls and all the traffic held, the connection’s too', () => {
    const file = har({ runs: 'session' }, [first, second]);
    expect(listed(file).filter((line) => line.startsWith('api'))).toHaveLength(6);
    expect(listed(file).filter((line) => !line.startsWith('api'))).toEqual([
      'demo tools/list#1',
      'other tools/call#1',
      'demo tools/call#2',
      'demo tools/call#3',
    ]);
    expect(file.log.comment).toContain(
      'the whole session (2 run(s)); MCP traffic of every server as the page holds it',
    );
  });

  it('whole session, one server; a server that is not there leaves the model calls alone', () => {
    expect(
      listed(har({ runs: 'session', server: 'other' }, [first, second])).filter((line) => !line.startsWith('api')),
    ).toEqual(['other tools/call#1']);
    expect(listed(har({ runs: 'session', server: 'gone' }, [first, second]))).toHaveLength(6);
  });
});
