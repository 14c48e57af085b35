// The Chat Completions wire shapes Loupe sends and reads. Types only; fields the adapter ignores are left out.

export interface OpenAITextPart {
  type: 'text';
  text: string;
}

export interface OpenAIImagePart {
  type: 'image_url';
  image_url: { url: string };
}

export type OpenAIContentPart = OpenAITextPart | OpenAIImagePart;

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[]; reasoning_content?: string }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
}

export type OpenAIToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/** The request body of `POST /chat/completions` as Loupe sends it (always streamed). */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIMessage[];
  stream: true;
  stream_options: { include_usage: true };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  tools?: OpenAITool[];
  tool_choice?: OpenAIToolChoice;
  parallel_tool_calls?: boolean;
  /** llama.cpp's server: a GBNF grammar the sampler follows. It refuses it beside `tools`. */
  grammar?: string;
}

/** One tool-call piece of a streamed delta: `index` identifies the call; the rest arrives in pieces. */
export interface OpenAIToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

export interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/** What one streamed chunk adds to the reply. */
export interface OpenAIDelta {
  role?: string;
  /** A string; Mistral's reasoning models send parts, `thinking` ones among them. */
  content?: string | unknown[] | null;
  /** llama.cpp, DeepSeek and LM Studio stream reasoning as `reasoning_content`; vLLM, Ollama, OpenRouter as `reasoning`. */
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: OpenAIToolCallDelta[] | null;
}

/** One `data:` chunk of a streamed reply. Servers differ; every field is optional here. */
export interface OpenAIChunk {
  id?: string;
  model?: string;
  choices?: {
    index?: number;
    delta?: OpenAIDelta;
    finish_reason?: string | null;
  }[];
  usage?: OpenAIUsage | null;
  /** Some servers report a failure inside the stream. */
  error?: { message?: string; type?: string; code?: string | number | null };
}
