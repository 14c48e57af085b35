// Renders a text-only conversation in a model family's chat format, told from its Jinja template by its
// markers. Not a Jinja engine: the few formats small GGUF models use, written out. Pure.
import type { Message } from '../../engine/message/message';

/** The chat formats Loupe writes itself. */
export type ChatFormat = 'chatml' | 'llama3' | 'mistral' | 'gemma' | 'plain';

/** The format a template writes, by the markers in it; `plain` (role: text lines) when none is known. */
export function detectChatFormat(chatTemplate: string | null): ChatFormat {
  // The template comes from the file: anything but text (a hostile GGUF) is no template.
  const template = typeof chatTemplate === 'string' ? chatTemplate : '';
  if (template.includes('<|im_start|>')) return 'chatml';
  if (template.includes('<|start_header_id|>')) return 'llama3';
  if (template.includes('[INST]')) return 'mistral';
  if (template.includes('<start_of_turn>')) return 'gemma';
  return 'plain';
}

/** What ends a reply in each format: generation stops there (the model's end-of-turn token as text). */
export const STOP_STRINGS: Record<ChatFormat, string[]> = {
  chatml: ['<|im_end|>', '<|endoftext|>'],
  llama3: ['<|eot_id|>', '<|eom_id|>'],
  mistral: ['</s>'],
  gemma: ['<end_of_turn>'],
  plain: ['\nUser:', '\nuser:'],
};

function textOf(message: Message): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The prompt for `messages` (text only: the prompted track has rewritten tool traffic), ending where the model writes. */
export function renderChatPrompt(format: ChatFormat, system: string | undefined, messages: readonly Message[]): string {
  const turns = messages.map((message) => ({ role: message.role, text: textOf(message) }));
  switch (format) {
    case 'chatml':
      return [
        ...(system ? [`<|im_start|>system\n${system}<|im_end|>\n`] : []),
        ...turns.map((turn) => `<|im_start|>${turn.role}\n${turn.text}<|im_end|>\n`),
        '<|im_start|>assistant\n',
      ].join('');
    case 'llama3':
      return [
        '<|begin_of_text|>',
        ...(system ? [`<|start_header_id|>system<|end_header_id|>\n\n${system}<|eot_id|>`] : []),
        ...turns.map((turn) => `<|start_header_id|>${turn.role}<|end_header_id|>\n\n${turn.text}<|eot_id|>`),
        '<|start_header_id|>assistant<|end_header_id|>\n\n',
      ].join('');
    case 'mistral': {
      // Mistral has no system role: the system prompt goes before the first user message.
      let first = true;
      return turns
        .map((turn) => {
          if (turn.role === 'assistant') return `${turn.text}</s>`;
          const text = first && system ? `${system}\n\n${turn.text}` : turn.text;
          first = false;
          return `[INST] ${text} [/INST]`;
        })
        .join('');
    }
    case 'gemma': {
      // Gemma has no system role either; its template puts it at the top of the first user turn.
      let first = true;
      return [
        ...turns.map((turn) => {
          const role = turn.role === 'assistant' ? 'model' : 'user';
          const text = first && role === 'user' && system ? `${system}\n\n${turn.text}` : turn.text;
          if (role === 'user') first = false;
          return `<start_of_turn>${role}\n${text}<end_of_turn>\n`;
        }),
        '<start_of_turn>model\n',
      ].join('');
    }
    case 'plain':
      return [
        ...(system ? [`System: ${system}\n`] : []),
        ...turns.map((turn) => `${turn.role === 'user' ? 'User' : 'Assistant'}: ${turn.text}\n`),
        'Assistant:',
      ].join('');
  }
}
