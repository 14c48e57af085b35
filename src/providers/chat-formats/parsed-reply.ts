// What a chat template's raw output is taken as: thinking, text and tool calls. Pure types.

/** One tool call read from a model's raw text. */
export interface ParsedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The id the model wrote itself (Mistral writes one), when it did. */
  id?: string;
}

/** A raw reply taken apart. `problems` says what looked like a call but could not be read (it stays in `text`). */
export interface ParsedReply {
  thinking?: string;
  text: string;
  calls: ParsedToolCall[];
  problems: string[];
}

/** The tool-call dialects Loupe reads; `prompted` is its own track for models without one. */
export type ToolCallDialect = 'hermes' | 'llama3' | 'mistral' | 'gemma' | 'prompted';
