import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TINY_CHAT_TEMPLATE } from '../../providers/gguf/testing/write-tiny-gguf';
import { describeChatTemplate } from './describe-chat-template';

/** A real model's template (providers/gguf/chat-template/testing/templates/SOURCES.md says where each comes from). */
const template = (name: string) =>
  readFileSync(new URL(`../../providers/gguf/chat-template/testing/templates/${name}.jinja`, import.meta.url), 'utf8');

describe('describing a chat template', () => {
  it('names the call dialect of a template that takes tools, as the provider picks its track', () => {
    expect(describeChatTemplate(template('qwen2.5-instruct'))).toMatchObject({
      format: 'chatml',
      toolDialect: 'hermes',
    });
    expect(describeChatTemplate(template('hermes-3-llama-3.1-tool-use')).toolDialect).toBe('hermes');
    expect(describeChatTemplate(template('llama-3.2-instruct'))).toMatchObject({
      format: 'llama3',
      toolDialect: 'llama3',
    });
    expect(describeChatTemplate(template('mistral-7b-instruct-v0.3')).toolDialect).toBe('mistral');
  });

  it('names none for a template without tools, or no template: those run the prompted track', () => {
    for (const chatTemplate of [TINY_CHAT_TEMPLATE, template('gemma-3-it'), template('gemma-2-it')])
      expect(describeChatTemplate(chatTemplate)).not.toHaveProperty('toolDialect');
    expect(describeChatTemplate(null)).toEqual({ format: 'plain' });
  });
});
