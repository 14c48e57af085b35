// Pure: sizes in tokens estimated from characters, the same on both sides (engine compaction, UI budgets).

/**
 * Characters per token of the estimate. English prose and JSON run at 3.5–4.5 characters per token for
 * Claude and GPT tokenizers; 4 is the usual rule of thumb (Anthropic and OpenAI both quote it), so the
 * estimate is within about a quarter of a real count for ordinary text, and low for dense code or non-Latin text.
 */
export const CHARS_PER_TOKEN = 4;
/** Tokens counted for one base64 image or PDF: Anthropic bills a 1092×1092 image at about 1,600. */
export const MEDIA_BLOCK_TOKENS = 1600;
/** Framing per tool definition (its wrapper in the API's tool list). */
const TOOL_OVERHEAD = 8;

/** A tool definition in either spelling (the engine's `input_schema`, the UI's `inputSchema`). */
export interface EstimableTool {
  name: string;
  description: string;
  input_schema?: unknown;
  inputSchema?: unknown;
}

/** A request's estimated size, per part; `total` is their sum. */
export interface RequestTokenEstimate {
  system: number;
  tools: number;
  history: number;
  total: number;
}

const tokensOf = (characters: number): number => Math.ceil(characters / CHARS_PER_TOKEN);

/**
 * Estimated tokens of any JSON value (a content block, a message): its JSON text, base64 media at a flat rate,
 * prompt-cache markers (`cache_control`) left out.
 */
export function estimateJsonTokens(value: unknown): number {
  let media = 0;
  const text = JSON.stringify(value, (key, inner: unknown) => {
    // A prompt-cache marker on a recorded wire request tells the provider where to cache; it is not read as text.
    if (key === 'cache_control') return undefined;
    if (
      key === 'source' &&
      typeof inner === 'object' &&
      inner !== null &&
      (inner as { type?: unknown }).type === 'base64'
    ) {
      media += 1;
      return undefined;
    }
    return inner;
  });
  return tokensOf(text.length) + media * MEDIA_BLOCK_TOKENS;
}

/** Estimated tokens of one tool definition: its name, description and schema as JSON. */
export function estimateToolTokens(tool: EstimableTool): number {
  const schema = JSON.stringify(tool.input_schema ?? tool.inputSchema ?? {});
  return TOOL_OVERHEAD + tokensOf(tool.name.length + tool.description.length + schema.length);
}

/** Estimated size of a request per part (system, tools, history) at `CHARS_PER_TOKEN` (see its note). */
export function estimateRequestTokens(request: {
  system?: string | undefined;
  tools: readonly EstimableTool[];
  messages: readonly unknown[];
}): RequestTokenEstimate {
  const system = request.system === undefined ? 0 : tokensOf(request.system.length);
  const tools = request.tools.reduce((sum, tool) => sum + estimateToolTokens(tool), 0);
  const history = request.messages.reduce<number>((sum, message) => sum + estimateJsonTokens(message), 0);
  return { system, tools, history, total: system + tools + history };
}
