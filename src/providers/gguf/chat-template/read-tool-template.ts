// Whether a GGUF's chat template takes tools itself, and in which call dialect its model answers. Pure.
import type { ToolCallDialect } from '../../chat-formats/parsed-reply';
import type { ToolCallFormat } from '../../grammar/build-tool-call-grammar';

/** The dialects Loupe renders through the model's own template. */
export type NativeDialect = Extract<ToolCallDialect, 'hermes' | 'llama3' | 'mistral'>;

export interface ToolTemplate {
  dialect: NativeDialect;
  /** How a call is written, for the grammar when calls are constrained. */
  callFormat: ToolCallFormat;
  /** The family's begin/end tokens as text, for templates that write `bos_token`/`eos_token`. */
  bosToken: string;
  eosToken: string;
}

const FAMILIES: Record<NativeDialect, Omit<ToolTemplate, 'dialect'>> = {
  // Qwen2.5/3, Hermes 2 Pro/3: `<tool_call>\n{"name", "arguments"}\n</tool_call>`.
  hermes: {
    callFormat: { prefix: '<tool_call>\n', suffix: '\n</tool_call>', argumentsKey: 'arguments' },
    bosToken: '',
    eosToken: '<|im_end|>',
  },
  // Llama 3.1–3.3: a bare `{"name", "parameters"}` object.
  llama3: {
    callFormat: { prefix: '', suffix: '', argumentsKey: 'parameters' },
    bosToken: '<|begin_of_text|>',
    eosToken: '<|eot_id|>',
  },
  // Mistral 7B v0.3, Nemo: `[TOOL_CALLS] [{"name", "arguments"}]`.
  mistral: {
    callFormat: { prefix: '[TOOL_CALLS] [', suffix: ']', argumentsKey: 'arguments' },
    bosToken: '<s>',
    eosToken: '</s>',
  },
};

/**
 * The template's tool dialect, or undefined when it does not take tools (Gemma, plain chat templates, no
 * template): those models get Loupe's prompted track. A template must both read `tools` and write one of the
 * known call markers.
 */
export function readToolTemplate(chatTemplate: string | null): ToolTemplate | undefined {
  if (typeof chatTemplate !== 'string' || !/\btools\b/.test(chatTemplate)) return undefined;
  const dialect: NativeDialect | undefined = chatTemplate.includes('<tool_call>')
    ? 'hermes'
    : chatTemplate.includes('[TOOL_CALLS]')
      ? 'mistral'
      : chatTemplate.includes('<|start_header_id|>') && /"parameters"|tool_calls/.test(chatTemplate)
        ? 'llama3'
        : undefined;
  return dialect === undefined ? undefined : { dialect, ...FAMILIES[dialect] };
}
