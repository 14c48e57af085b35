// What the person is told about a model's chat template: the format Loupe writes for it, which track its tool calls
// take (the template's own call dialect, or Loupe's prompted format), and its first characters. Pure.
import { readToolTemplate } from '../../providers/gguf/chat-template/read-tool-template';
import { detectChatFormat } from '../../providers/gguf/render-chat-prompt';

const PREVIEW_CHARACTERS = 160;

export function describeChatTemplate(template: string | null): {
  format: string;
  toolDialect?: string;
  preview?: string;
} {
  const format = detectChatFormat(template);
  if (template === null || template.trim() === '') return { format };
  // The same test the provider's model makes when it picks a track (create-in-browser-model.ts).
  const dialect = readToolTemplate(template)?.dialect;
  const flat = template.replace(/\s+/g, ' ').trim();
  return {
    format,
    ...(dialect === undefined ? {} : { toolDialect: dialect }),
    preview: flat.length > PREVIEW_CHARACTERS ? `${flat.slice(0, PREVIEW_CHARACTERS)}…` : flat,
  };
}
