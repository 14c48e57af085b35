import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { buildTranscript, type TranscriptMeta } from '../../engine/transcript/build-transcript';
import type { Transcript, TranscriptBranch, TranscriptRound } from '../../engine/transcript/transcript';
import { buildMarkdownReport, transcriptRoundOffset } from './build-markdown-report';

const meta: TranscriptMeta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  app: { name: 'Loupe', version: '0.1.0' },
  settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
  servers: [],
};
const round = (number: number) => ({ round: number, toolCalls: [] }) as unknown as TranscriptRound;
const original = { runId: 'a', name: 'Original', parentRunId: null, forkRound: null } as unknown as TranscriptBranch;

describe('buildMarkdownReport of a fork', () => {
  it('keeps the original round numbers and names where the earlier rounds are', () => {
    const fork: Transcript = {
      ...buildTranscript([], meta),
      runId: 'b',
      rounds: [round(1), round(2)],
      branch: { name: 'Second try', parentRunId: 'a', forkRound: 5 },
      branches: [original],
    };
    expect(transcriptRoundOffset(fork)).toBe(4);
    const report = buildMarkdownReport(fork);
    expect(report).toContain('_Rounds 1–4 are those of “Original”');
    expect(report).toContain('## Round 5\n');
    expect(report).toContain('## Round 6\n');
    expect(report).not.toContain('## Round 1\n');
  });

  it('numbers an unforked run (or an old file without its own branch) from 1', () => {
    const plain: Transcript = { ...buildTranscript([], meta), runId: 'a', rounds: [round(1)], branches: [original] };
    expect(transcriptRoundOffset(plain)).toBe(0);
    expect(buildMarkdownReport(plain)).toContain('## Round 1\n');
  });
});

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  '[click](javascript:alert(1))',
  '![pixel](https://tracker.example/p.png)',
  '<javascript:alert(1)>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<script>alert(1)</script>',
].join('\n\n');

function hostileTranscript(): Transcript {
  const base = buildTranscript([], meta);
  const call = {
    id: 'toolu_1',
    name: 'evil`name<img src=x onerror=alert(1)>\n# Forged heading',
    input: { q: '<b>' },
    status: 'ok',
    isError: false,
    content: [{ type: 'text', text: '```\n<img src=x onerror=alert(1)>' }],
    timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
    edits: [],
  };
  const hostileRound = {
    round: 1,
    request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 1 },
    response: {
      content: [
        { type: 'text', text: HOSTILE },
        { type: 'thinking', thinking: `thinking\n${HOSTILE}`, signature: 's' },
        { type: 'text', text: 'Plain **formatting** and `code` stay Markdown.' },
      ],
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1 },
      interrupted: false,
      timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
    },
    toolCalls: [call],
  } as unknown as TranscriptRound;
  return {
    ...base,
    runId: '<img src=x onerror=alert(1)>[x](javascript:alert(1))',
    createdAt: '\n# Forged\n<script>alert(1)</script>',
    settings: { ...base.settings, provider: '<b>p</b>', model: '[m](javascript:alert(1))' },
    finishReason: 'error',
    error: { message: '![x](https://tracker.example/e.png) <iframe src=//evil>' },
    servers: [{ name: '<svg onload=alert(1)>', url: 'https://u:secret@h.example/mcp?token=abc' }],
    tools: [{ name: 'a`b', description: '[docs](javascript:alert(1)) <img src=x>\nsecond line', input_schema: {} }],
    messages: [{ role: 'user', content: [{ type: 'text', text: HOSTILE }] }],
    rounds: [hostileRound],
  } as Transcript;
}

describe('buildMarkdownReport of a transcript someone else wrote', () => {
  // The most permissive viewer: raw HTML on, bare URLs linked.
  const viewer = new MarkdownIt({ html: true, linkify: true });

  it('renders no HTML, link or image from any field, and keeps every value readable', () => {
    const report = buildMarkdownReport(hostileTranscript());
    const tokens = viewer.parse(report, {}).flatMap((token) => [token, ...(token.children ?? [])]);
    // A bare http(s) URL is linked by GitHub-like viewers, showing itself: that is the only link allowed.
    const active = tokens.filter(
      (token) =>
        ['html_block', 'html_inline', 'image'].includes(token.type) ||
        (token.type === 'link_open' &&
          (token.markup !== 'linkify' || !/^https?:/.test(String(token.attrGet('href') ?? '')))),
    );
    expect(active.map((token) => token.content || token.type)).toEqual([]);
    const html = viewer.render(report);
    expect(html).not.toMatch(/<(img|script|svg|iframe|b)\b|javascript:[^<]*"/i);
    // Headings: only the report's own.
    const headings = tokens.filter((token) => token.type === 'heading_open').length;
    expect(headings).toBe(5); // run, Tools, Prompt, Round 1, the call
    expect(report).not.toContain('secret');
    expect(report).toContain('Shown as plain text: it contains HTML, links or images.');
    // Still readable: the words are there as text.
    const text = tokens.filter(
      (token) => token.type === 'text' || token.type === 'code_inline' || token.type === 'fence',
    );
    const readable = text.map((token) => token.content).join(' ');
    for (const word of ['onerror=alert(1)', 'javascript:alert(1)', 'tracker.example/e.png', 'a`b', 'second line']) {
      if (word === 'second line') expect(readable).not.toContain(word);
      else expect(readable).toContain(word);
    }
    expect(html).toContain('<strong>formatting</strong>');
  });
});

describe('buildMarkdownReport of blocks of the API’s own', () => {
  it('names each block with its JSON fenced, and lists citations as text, never as links', () => {
    const transcript: Transcript = {
      ...buildTranscript([], meta),
      rounds: [
        {
          ...round(1),
          response: {
            content: [
              {
                type: 'api_block',
                block: { type: 'server_tool_use', id: 's', name: 'web_search', input: { query: '[x](javascript:y)' } },
              },
              {
                type: 'text',
                text: 'Sunny.',
                citations: [{ url: 'javascript:alert(1)', title: '[click](javascript:alert(1))', cited_text: 'c' }],
              },
            ],
            stopReason: 'end_turn',
            usage: { inputTokens: 1, outputTokens: 1 },
            interrupted: false,
            timing: { startedAt: 0, endedAt: 1, durationMs: 1 },
          },
        },
      ],
    };
    const report = buildMarkdownReport(transcript);
    expect(report).toContain("_Block of the API's own:_ ` server_tool_use `");
    expect(report).toContain('"query": "[x](javascript:y)"');
    expect(report).toContain('Sources:');
    const html = new MarkdownIt().render(report);
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('<a ');
  });
});
