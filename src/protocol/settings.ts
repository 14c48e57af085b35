// Settings the UI sends to the worker. Types only.
import type { ToolSelection } from './tool-settings';

/** Which model answers, and how to reach it. The API key crosses to the worker only, never into a transcript. */
export type ProviderSettings =
  { kind: 'demo' } | { kind: 'anthropic'; apiKey: string; baseUrl?: string; model: string };

export type ProviderKind = ProviderSettings['kind'];

export interface RunSettings {
  provider: ProviderSettings;
  system: string;
  maxRounds: number;
  maxTokens: number;
  temperature?: number;
  /** Tool overrides, switches and local tools; absent → every server tool as the server sent it. */
  tools?: ToolSelection;
}

/** An MCP server the person added. `headers` may hold secrets (e.g. Authorization). */
export interface ServerConfig {
  id: string;
  /** Short name used in exposed tool names (`<name>__<tool>`). */
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Put the server's `instructions` into the system prompt (default true). */
  includeInstructions: boolean;
}
