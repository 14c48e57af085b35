// A request rendered through the model's own Jinja chat template, tools and tool traffic included. Pure.
import type { ModelRequest } from '../../../engine/model/model';
import { NO_TOOLS_NOTE } from '../../prompted/create-prompted-model';
import { renderJinjaTemplate } from './render-jinja-template';
import type { ToolTemplate } from './read-tool-template';
import { foldSystemIntoFirstUser, toTemplateMessages, toTemplateTools } from './to-template-messages';

export interface NativePromptOptions {
  /** The model's begin/end-of-text tokens as text (from the GGUF); the family's when absent. */
  bosToken?: string;
  eosToken?: string;
  /** "26 Jul 2024" style date for templates that print today's date (Llama 3.x). */
  dateString: string;
}

/**
 * The prompt for `request`, ending where the model writes, or `{ error }` saying why the template could not
 * render it. A template that refuses a system role (Gemma 2) is tried again with the system prompt at the top
 * of the first user message, as the family's own guides say.
 */
export function renderNativePrompt(
  chatTemplate: string,
  family: ToolTemplate,
  request: ModelRequest,
  options: NativePromptOptions,
): { prompt: string } | { error: string } {
  const withTools = request.tools.length > 0 && request.toolChoice?.type !== 'none';
  const note = request.tools.length > 0 && !withTools ? NO_TOOLS_NOTE : undefined;
  const system = [request.system, note].filter(Boolean).join('\n\n') || undefined;
  const messages = toTemplateMessages(system, request.messages);
  const context = {
    // A template reads `tools is defined`: an absent key, not an undefined value.
    ...(withTools ? { tools: toTemplateTools(request.tools) } : {}),
    add_generation_prompt: true,
    bos_token: options.bosToken ?? family.bosToken,
    eos_token: options.eosToken ?? family.eosToken,
    date_string: options.dateString,
  };
  // llama.cpp adds the begin-of-text token itself when it reads the prompt: the template's copy would double it
  // (llama.cpp's own chat path strips it the same way).
  const withoutBos = (text: string) =>
    context.bos_token !== '' && text.startsWith(context.bos_token) ? text.slice(context.bos_token.length) : text;
  const first = renderJinjaTemplate(chatTemplate, { ...context, messages });
  if ('text' in first) return { prompt: withoutBos(first.text) };
  if (messages[0]?.role !== 'system') return first;
  const folded = renderJinjaTemplate(chatTemplate, { ...context, messages: foldSystemIntoFirstUser(messages) });
  return 'text' in folded ? { prompt: withoutBos(folded.text) } : first;
}
