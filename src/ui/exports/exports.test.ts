import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../engine/transcript/transcript';
import { buildCurlCommand } from './build-curl-command';
import { buildMarkdownReport } from './build-markdown-report';
import { buildRoundRequest } from './build-round-request';
import { buildSdkSnippet } from './build-sdk-snippet';

const transcript = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/transcripts/v1/demo-weather-clothing.json', import.meta.url), 'utf8'),
) as Transcript;
const round2 = transcript.rounds[1]!;

describe('exports', () => {
  it('rebuilds the exact request of a round: its history prefix, system and tools', () => {
    const body = buildRoundRequest(transcript, round2);
    expect(body).toMatchObject({ model: 'loupe-demo', max_tokens: 4096, system: transcript.system });
    expect(body['messages']).toEqual(transcript.messages.slice(0, 3));
    expect((body['tools'] as { name: string }[]).map((tool) => tool.name)).toEqual(round2.request.toolNames);
  });

  it('writes a curl command with a key placeholder and an unexpanded body', () => {
    const curl = buildCurlCommand(
      { ...transcript, settings: { ...transcript.settings, baseUrl: 'https://gw.example/' } },
      round2,
    );
    expect(curl.split('\n')[0]).toBe('curl https://gw.example/v1/messages \\');
    expect(curl).toContain('-H "x-api-key: $ANTHROPIC_API_KEY"');
    expect(curl).toContain("<<'LOUPE_JSON'");
    const body = curl.slice(curl.indexOf('\n{'), curl.lastIndexOf('\nLOUPE_JSON'));
    expect(JSON.parse(body)).toEqual(buildRoundRequest(transcript, round2));
    expect(curl).not.toMatch(/sk-ant/);
  });

  it('writes a TypeScript SDK program with the same request', () => {
    const snippet = buildSdkSnippet(transcript, round2);
    expect(snippet).toContain("import Anthropic from '@anthropic-ai/sdk';");
    expect(snippet).toContain('new Anthropic()');
    const json = snippet.slice(snippet.indexOf('create(') + 7, snippet.lastIndexOf(');\n\nconsole'));
    expect(JSON.parse(json)).toEqual(buildRoundRequest(transcript, round2));
  });

  it('writes a Markdown report of every round, call and the answer', () => {
    const report = buildMarkdownReport(transcript);
    expect(report).toMatch(/^# Loupe run run_demo-weather-clothing\n/);
    expect(report).toContain('- **Finished:** end_turn');
    expect(report.match(/^## Round \d/gm)).toEqual(['## Round 1', '## Round 2', '## Round 3']);
    expect(report).toContain('### `demo__weather_get` — ok');
    expect(report).toContain('Wear a raincoat and a warm layer');
    expect(report).toContain('What should I wear in Paris today?');
  });
});
