// Pure data: Anthropic Messages API shapes. No DOM, no vendor SDK, no I/O.

/** A base64 image, as the Messages API takes it. */
export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string };
}

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** What a tool result may carry back to the model (a PDF travels as a base64 `document`, ENGINE-SPEC §20). */
export type ToolResultContentBlock = TextBlock | ImageBlock | DocumentBlock;

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: ToolResultContentBlock[];
  is_error?: boolean;
}

export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/**
 * Thinking the API encrypted for safety reasons. It carries no readable text, but must be sent back
 * unchanged with the rest of the turn, or the API refuses the next request.
 */
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export interface DocumentBlock {
  type: 'document';
  source:
    | { type: 'base64'; media_type: 'application/pdf'; data: string }
    | { type: 'text'; media_type: 'text/plain'; data: string };
}

export type ContentBlock =
  TextBlock | ImageBlock | ToolUseBlock | ToolResultBlock | ThinkingBlock | RedactedThinkingBlock | DocumentBlock;

export type Role = 'user' | 'assistant';

/** One message of the conversation; `content` is always an array of blocks. */
export interface Message {
  role: Role;
  content: ContentBlock[];
}
