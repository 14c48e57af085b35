// A request rendered through the model's own Jinja chat template, tools and tool traffic included. Pure.
import type { ModelRequest } from '../../../engine/model/model';
import { NO_TOOLS_NOTE } from '../../prompted/create-prompted-model';
import { renderJinjaTemplate } from './render-jinja-template';
import type { ToolTemplate } from './read-tool-template';
import {
  foldSystemIntoFirstUser,
  splitParallelCalls,
  toTemplateMessages,
  toTemplateTools,
} from './to-template-messages';

export interface NativePromptOptions {
  /** The model's begin/end-of-text tokens as text (from the GGUF); the family's when absent. */
  bosToken?: string;
  eosToken?: string;
  /** "26 Jul 2024" style date for templates that print today's date (Llama 3.x). */
  dateString: string;
}

/**
 * The prompt for `request`, ending where the model writes, or `{ error }` saying why the template could not
 * render it.
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
  // Templates refuse what their model never writes: a system role (Gemma 2), several calls in one turn (Llama
  // 3.x: "This model only supports single tool-calls at once!"). Each is tried once more in the shape they take.
  const retries = [
    ...(messages[0]?.role === 'system' ? [foldSystemIntoFirstUser] : []),
    ...(messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 1)
      ? [splitParallelCalls]
      : []),
  ];
  for (const reshape of retries) {
    const again = renderJinjaTemplate(chatTemplate, { ...context, messages: reshape(messages) });
    if ('text' in again) return { prompt: withoutBos(again.text) };
  }
  return first;
}
