import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './build-system-prompt';

describe('buildSystemPrompt', () => {
  it('appends included instructions under a heading per server', () => {
    const prompt = buildSystemPrompt('Be brief.', [
      { name: 'demo', instructions: 'Use weather.get first.', includeInstructions: true },
      { name: 'off', instructions: 'Ignore me.', includeInstructions: false },
      { name: 'quiet', includeInstructions: true },
    ]);
    expect(prompt).toBe('Be brief.\n\n## Instructions from the MCP server "demo"\n\nUse weather.get first.');
  });

  it('returns the user prompt unchanged when no server contributes, and works without one', () => {
    expect(buildSystemPrompt('Hi', [{ name: 'a', instructions: '  ', includeInstructions: true }])).toBe('Hi');
    expect(buildSystemPrompt('', [{ name: 'a', instructions: 'x', includeInstructions: true }])).toBe(
      '## Instructions from the MCP server "a"\n\nx',
    );
  });
});
