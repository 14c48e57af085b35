import { describe, expect, it } from 'vitest';
import {
  checkElicitationRequest,
  checkSamplingRequest,
  describeTooManyWaiting,
  MAX_ELICITATION_FIELDS,
  MAX_ELICITATION_MESSAGE_CHARS,
  MAX_SAMPLING_MESSAGES,
  MAX_SAMPLING_PROMPT_CHARS,
  MAX_WAITING_REQUESTS_PER_SERVER,
} from './server-request-bounds';

const field = { type: 'string' as const };

describe('the bounds on what a server asks of the person', () => {
  it('lets an ordinary form and sampling request through, and refuses each one past a bound', () => {
    expect(
      checkElicitationRequest({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: field } } }),
    ).toBeUndefined();
    expect(
      checkElicitationRequest({
        message: 'x'.repeat(MAX_ELICITATION_MESSAGE_CHARS + 1),
        requestedSchema: { type: 'object', properties: {} },
      }),
    ).toContain('Loupe refused a form whose message has 10,001 characters');
    const many = Object.fromEntries(
      Array.from({ length: MAX_ELICITATION_FIELDS + 1 }, (_, index) => [`f${index}`, field]),
    );
    expect(checkElicitationRequest({ message: 'Hi', requestedSchema: { type: 'object', properties: many } })).toContain(
      `Loupe refused a form of ${MAX_ELICITATION_FIELDS + 1} fields`,
    );

    const text = (chars: number) => ({
      role: 'user' as const,
      content: { type: 'text' as const, text: 'x'.repeat(chars) },
    });
    expect(checkSamplingRequest({ messages: [text(10)], maxTokens: 10 })).toBeUndefined();
    // The system prompt, every part of an array of content and images' base64 all count.
    const half = MAX_SAMPLING_PROMPT_CHARS / 2;
    expect(
      checkSamplingRequest({
        systemPrompt: 'x'.repeat(half),
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'x'.repeat(half - 10) },
              { type: 'image', data: 'A'.repeat(11), mimeType: 'image/png' },
            ],
          },
        ],
        maxTokens: 10,
      }),
    ).toContain('Loupe refused a sampling request of 200,001 characters');
    expect(
      checkSamplingRequest({
        messages: Array.from({ length: MAX_SAMPLING_MESSAGES + 1 }, () => text(1)),
        maxTokens: 10,
      }),
    ).toContain(`${MAX_SAMPLING_MESSAGES + 1} messages`);
  });

  it('refuses a request once the server has the most requests waiting', () => {
    expect(describeTooManyWaiting(MAX_WAITING_REQUESTS_PER_SERVER - 1)).toBeUndefined();
    expect(describeTooManyWaiting(MAX_WAITING_REQUESTS_PER_SERVER)).toContain('already wait for the person');
  });
});
