import { describe, expect, it } from 'vitest';
import { describeChatTemplateFact } from './describe-chat-template-fact';

describe('the chat template fact', () => {
  it('names the model’s own call format when its template takes tools', () => {
    expect(describeChatTemplateFact({ chatFormat: 'chatml', toolCallDialect: 'hermes' })).toBe(
      "chatml · tool calls in the model's own format (hermes)",
    );
  });

  it('says Loupe’s prompted format when the template takes no tools', () => {
    expect(describeChatTemplateFact({ chatFormat: 'gemma' })).toBe("gemma · tool calls in Loupe's prompted format");
  });
});
