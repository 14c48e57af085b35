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
