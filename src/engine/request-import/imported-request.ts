// Pure types: a provider request read into Loupe's own terms (Anthropic-shaped history, settings, tools).
import type { ContentBlock, Message } from '../message/message';
import type { StopReason, ToolChoice, ToolDefinition, Usage } from '../model/model';

/** The provider a raw request was written for, as Loupe's settings name it. */
export type ImportedProvider = 'anthropic' | 'openai-compatible';

/** A request body read: everything a run needs to carry on from where the request was. */
export interface ImportedRequest {
  provider: ImportedProvider;
  model: string;
  system?: string;
  maxTokens: number;
  temperature?: number;
  toolChoice?: ToolChoice;
  tools: ToolDefinition[];
  /** The conversation, Anthropic-shaped (the engine's own), in order. */
  messages: Message[];
  /** What was dropped or changed on the way, in plain words (cache breakpoints, unsent fields …). */
  notes: string[];
}

/** The most a pasted request (or response) may be: 20 MB of text. Above it nothing is read. */
export const MAX_REQUEST_CHARS = 20 * 1024 * 1024;

/** The reply a captured response carries (it becomes the last round). */
export interface ImportedResponse {
  content: ContentBlock[];
  stopReason: StopReason | null;
  usage: Usage;
}
