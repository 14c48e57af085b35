// Pure data: Anthropic Messages API shapes. No DOM, no vendor SDK, no I/O.

/** A base64 image, as the Messages API takes it. */
export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string };
}

export interface TextBlock {
  type: 'text';
  text: string;
  /**
   * The sources the API cited for this text (web search results, documents), each exactly as it came
   * (`citations_delta` in a stream); sent back unchanged. Absent when the API cited nothing.
   */
  citations?: ApiJsonObject[];
}

/** A JSON value exactly as the API sent it. */
export type ApiJson = null | boolean | number | string | ApiJson[] | ApiJsonObject;
/** A JSON object exactly as the API sent it. */
export interface ApiJsonObject {
  [key: string]: ApiJson;
}

/**
 * A content block of the API's own that Loupe keeps verbatim and sends back byte for byte: server tool calls
 * and their results (`server_tool_use`, `web_search_tool_result`, `web_fetch_tool_result`,
 * `code_execution_tool_result`, `bash_code_execution_tool_result`, `text_editor_code_execution_tool_result`,
 * `tool_search_tool_result`), MCP connector calls (`mcp_tool_use`, `mcp_tool_result`), `compaction`,
 * `container_upload`, and any block type Loupe does not know yet. `block` is the block as the API sent it
 * (for a streamed block: its start with every delta applied), never rewritten.
 */
export interface ApiBlock {
  type: 'api_block';
  block: ApiJsonObject & { type: string };
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  /**
   * Who made the call when it was not the model itself: code running in the API's sandbox (programmatic tool
   * calling), `{ type: 'code_execution_20250825', tool_id }` naming the code-execution call. Kept as it came.
   */
  caller?: ApiJsonObject & { type: string };
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
  | TextBlock
  | ImageBlock
  | ToolUseBlock
  | ToolResultBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | DocumentBlock
  | ApiBlock;

export type Role = 'user' | 'assistant';

/** One message of the conversation; `content` is always an array of blocks. */
export interface Message {
  role: Role;
  content: ContentBlock[];
}
