// What the person is told about a model's chat template: the format Loupe writes for it, and its first
// characters. Pure.
import { detectChatFormat } from '../../providers/gguf/render-chat-prompt';

const PREVIEW_CHARACTERS = 160;

export function describeChatTemplate(template: string | null): { format: string; preview?: string } {
  const format = detectChatFormat(template);
  if (template === null || template.trim() === '') return { format };
  const flat = template.replace(/\s+/g, ' ').trim();
  return { format, preview: flat.length > PREVIEW_CHARACTERS ? `${flat.slice(0, PREVIEW_CHARACTERS)}…` : flat };
}
