import { describe, expect, it } from 'vitest';
import { checkTranscriptSchema } from './check-transcript-schema';
import { detectRequestImport } from './detect-request-import';
import { createStoredSessionCommands } from '../../test/support/stored-session-commands';

const context = { runId: 'imp', now: 1000, appVersion: 'test', connectedTools: [] };
const curl = `curl https://api.anthropic.com/v1/messages -H 'x-api-key: sk-ant-api03-SECRETKEY' -H 'anthropic-version: 2023-06-01' --data-binary @- <<'JSON'
${JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 500,
  tools: [{ name: 'lookup', description: 'Look up.', input_schema: { type: 'object', properties: {} } }],
  messages: [
    { role: 'user', content: 'find it' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' }] },
  ],
})}
JSON
`;

const commands = createStoredSessionCommands;

describe('detectRequestImport (a request through the one transcript import path)', () => {
  it('a pasted curl imports as a run whose schema-checked transcript holds no key', () => {
    const detected = detectRequestImport(curl, context);
    if ('problems' in detected) throw new Error(JSON.stringify(detected.problems));
    expect(detected.text).not.toContain('SECRETKEY');
    expect(detected.notes).toEqual([
      'Request: Answered from the recorded results (no connected server has them): lookup.',
    ]);
    const outcome = commands().importTranscript(
      { type: 'transcript-import', runId: 'imp', text: detected.text },
      checkTranscriptSchema,
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    // The history needed no repair; the run is open (the next request is Continue live's).
    expect(outcome.changes.filter((change) => change.startsWith('Conversation'))).toEqual([]);
    expect(outcome.events.filter((event) => event.type === 'round-start')).toHaveLength(1);
    expect(JSON.stringify(outcome)).not.toContain('SECRETKEY');
  });

  it('a Loupe transcript passes through untouched; a bad request is a problem', () => {
    const transcript = '{"format":"loupe-transcript","version":2}';
    expect(detectRequestImport(transcript, context)).toEqual({ text: transcript, notes: [] });
    const refused = detectRequestImport(curl.replace('"toolu_1","content"', '"toolu_9","content"'), context);
    expect(refused).toEqual({ problems: [expect.objectContaining({ path: 'messages[1] tool call 1' })] });
  });
});
