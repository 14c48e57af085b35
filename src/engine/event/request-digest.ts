// What a model request held, without the history: recorded per round. Pure types.
import type { ToolChoice } from '../model/model';

/** What a model request held, without repeating the history. */
export interface RequestDigest {
  model: string;
  provider: string;
  system?: string;
  toolNames: string[];
  messageCount: number;
  maxTokens: number;
  temperature?: number;
  toolChoice?: ToolChoice;
}
