import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTranscriptSchema } from './check-transcript-schema';

interface Block {
  type: string;
  content?: Block[];
  [key: string]: unknown;
}
interface Fixture {
  messages: { role: string; content: Block[] }[];
  rounds: { response: { content: Block[] } | null; toolCalls: { content: Block[] }[] }[];
}

const load = (): Fixture =>
  JSON.parse(
    readFileSync(new URL('../../test/fixtures/transcripts/v1/image-result.json', import.meta.url), 'utf8'),
  ) as Fixture;

const pdf: Block = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } };

describe('checkTranscriptSchema', () => {
  it('accepts redacted thinking in a reply and a PDF document in a tool result', () => {
    const transcript = load();
    transcript.messages[1]?.content.unshift({ type: 'redacted_thinking', data: 'opaque==' });
    transcript.rounds[0]?.response?.content.unshift({ type: 'redacted_thinking', data: 'opaque==' });
    transcript.messages[2]?.content[0]?.content?.push(pdf);
    transcript.rounds[0]?.toolCalls[0]?.content.push(pdf);
    expect(checkTranscriptSchema(transcript)).toEqual([]);
  });

  it('refuses redacted thinking without its data', () => {
    const transcript = load();
    transcript.messages[1]?.content.unshift({ type: 'redacted_thinking' });
    expect(checkTranscriptSchema(transcript)).not.toEqual([]);
  });
});
