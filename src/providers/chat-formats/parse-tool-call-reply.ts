// Takes a model's raw text apart as its chat template writes it: reasoning, text, tool calls. Pure.
import { parseGemmaCalls } from './parse-gemma-calls';
import { parseHermesCalls } from './parse-hermes-calls';
import { parseLlama3Calls } from './parse-llama3-calls';
import { parseMistralCalls } from './parse-mistral-calls';
import type { ParsedReply, ToolCallDialect } from './parsed-reply';
import { splitThinking } from './split-thinking';

const PARSERS: Record<ToolCallDialect, (text: string) => Omit<ParsedReply, 'thinking'>> = {
  hermes: parseHermesCalls,
  llama3: parseLlama3Calls,
  mistral: parseMistralCalls,
  gemma: parseGemmaCalls,
  // Loupe's prompted track writes a bare `{"name", "arguments"}` object, which the Llama 3 reader takes.
  prompted: parseLlama3Calls,
};

/**
 * `raw` as `dialect` writes it. Calls are read only in the reply after any reasoning; what looked like a call
 * but could not be read stays text, and `problems` says why. Names are not checked against the tools here.
 */
export function parseToolCallReply(raw: string, dialect: ToolCallDialect): ParsedReply {
  const { thinking, rest } = splitThinking(raw);
  const parsed = PARSERS[dialect](rest);
  return thinking === undefined || thinking === '' ? parsed : { thinking, ...parsed };
}

/**
 * The dialect a GGUF's Jinja chat template (`tokenizer.chat_template`) writes calls in, by the markers it
 * holds; `prompted` when it has none (Loupe then describes the tools in the system prompt).
 */
export function detectToolCallDialect(chatTemplate: string): ToolCallDialect {
  if (chatTemplate.includes('<tool_call>')) return 'hermes';
  if (chatTemplate.includes('[TOOL_CALLS]')) return 'mistral';
  if (chatTemplate.includes('<|python_tag|>') || chatTemplate.includes('<|eom_id|>')) return 'llama3';
  // Gemma's templates name no tools at all; its documented calls are Python-style, asked for in the prompt.
  if (chatTemplate.includes('<start_of_turn>')) return 'gemma';
  return 'prompted';
}
