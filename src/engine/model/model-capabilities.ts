// What a model can do and what it costs, as the person configured it. Pure types: no I/O.

/**
 * How tools reach the model: `native` sends them in the API's own tool fields; `prompted` renders them
 * into the system prompt and parses a JSON reply (ENGINE-SPEC §26), for models without tool calling.
 */
export type ToolCallingMode = 'native' | 'prompted';

/** A model's capabilities. Kept per model, editable, and recorded in the transcript's settings. */
export interface ModelCapabilities {
  tools: ToolCallingMode;
  /** The model reads images; when false, tool images reach it as a placeholder line. */
  vision: boolean;
  /** Extended thinking is requested (Anthropic only). */
  thinking: boolean;
  /** Thinking tokens per reply, on top of max tokens; at least 1024. Used only when `thinking` is on. */
  thinkingBudget?: number;
  /** Tokens the model can read in one request, when known; the UI shows how much each round used. */
  contextWindow?: number;
  /**
   * OpenAI-compatible only: send the reply's thinking back as `reasoning_content` on assistant messages, for
   * servers whose templates read it (llama.cpp, DeepSeek's thinking with tools). Absent or false (the default):
   * thinking stays in Loupe's history and is never sent, since strict endpoints refuse unknown fields.
   */
  sendReasoning?: boolean;
  /**
   * OpenAI-compatible only ("Constrain tool calls to the schemas"): tools go in the system prompt (the prompted
   * track) and a GBNF grammar built from their schemas is sent as `grammar`, so every call parses and fits its
   * schema. For llama.cpp's server and its forks, which refuse `grammar` beside `tools`. Absent: off.
   */
  constrainToolCalls?: boolean;
}

/** Prices in US dollars per million tokens. Cache prices are absent when the model has none. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Writing the prompt cache (Anthropic's 5-minute cache write). */
  cacheWrite?: number;
  /** Reading from the prompt cache (Anthropic cache hits, OpenAI cached input). */
  cacheRead?: number;
  /**
   * The API's web search tool, in US dollars per 1,000 searches (`usage.server_tool_use.web_search_requests`);
   * absent: searches cost nothing beyond their tokens. Web fetch has no price of its own.
   */
  webSearch?: number;
}
