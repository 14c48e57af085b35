// The MCP features' part of the worker ⇄ UI contract: logs, protocol traffic, elicitation, sampling,
// resources and prompts. Types and guards only.
import type { ImageBlock, TextBlock } from '../engine/message/message';
import type { ProviderSettings } from './settings';
import type { TrafficEntry } from '../shared/traffic-entry';
import type { McpSkillListing, McpSkillLoad } from './skill-messages';

/** MCP logging levels (RFC 5424 names), lowest first. */
export const MCP_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

/** One `notifications/message` a server sent. `at` is ms since the epoch. */
export interface McpLogEntry {
  serverId: string;
  at: number;
  level: McpLogLevel;
  logger?: string;
  data: unknown;
}

/** One JSON-RPC message on a server's wire, as recorded by the worker. */
export interface McpTrafficRecord extends TrafficEntry {
  serverId: string;
  /** Increases by one per recorded message of this worker. */
  seq: number;
}

/** One field of an elicitation form (the MCP primitive schema: string, number, integer, boolean, enum). */
export interface ElicitationField {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: string[];
  enumNames?: string[];
  /** A multi-select's choices (`type: 'array'`, items.enum). */
  items?: { enum?: string[] };
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** The flat object schema a server asks the person to fill in. */
export interface ElicitationSchema {
  type: 'object';
  properties: Record<string, ElicitationField>;
  required?: string[];
}

/** A server's `elicitation/create` (form mode), waiting for the person. */
export interface ElicitationPrompt {
  requestId: string;
  serverId: string;
  serverName: string;
  message: string;
  requestedSchema: ElicitationSchema;
}

export type ElicitationValue = string | number | boolean | string[];

/** The person's answer; `accept` carries the form's values (defaults applied). */
export type ElicitationAnswer =
  { action: 'accept'; content: Record<string, ElicitationValue> } | { action: 'decline' } | { action: 'cancel' };

/** A server's `sampling/createMessage`, waiting for the person's approval. Content is text or image blocks. */
export interface SamplingPrompt {
  requestId: string;
  serverId: string;
  serverName: string;
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; content: (TextBlock | ImageBlock)[] }[];
  /** The longest reply, in tokens: what the server asked, lowered to Loupe's bound (`MAX_SAMPLING_TOKENS`). */
  maxTokens: number;
  /** What the server asked for when it was more than the bound (absent otherwise). */
  askedMaxTokens?: number;
  temperature?: number;
  /** The server's hints, shown as they came (the current model answers regardless). */
  modelHints?: string[];
}

/** Approve runs the request on `provider` (the current model); decline answers the server with an error. */
export type SamplingAnswer = { action: 'approve'; provider: ProviderSettings } | { action: 'decline' };

/** A resource as listed. */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One part of a read resource: text, or base64 `blob`. */
export type McpResourceContent =
  { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };

export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** A prompt's messages, flattened to text and image blocks (resources embedded as text). */
export interface McpPromptMessages {
  description?: string;
  messages: { role: 'user' | 'assistant'; content: (TextBlock | ImageBlock)[] }[];
}

/**
 * Where a listing came from: a copy the worker kept (the server's 2026-07-28 `ttlMs`) or the server just now,
 * and until when (epoch ms) a kept copy stays fresh; no `freshUntil` = nothing kept, the next listing asks again.
 */
export interface McpListingFreshness {
  fromCache: boolean;
  freshUntil?: number;
}

/** Resources and resource templates of a server, each listing with its freshness; `notice` when a bound cut one. */
export interface McpResourceListing {
  resources: McpResourceInfo[];
  templates: McpResourceTemplateInfo[];
  freshness?: { resources: McpListingFreshness; templates: McpListingFreshness };
  notice?: string;
}

/** A server's prompts with the listing's freshness; `notice` when a bound cut it short. */
export interface McpPromptListing {
  prompts: McpPromptInfo[];
  freshness?: McpListingFreshness;
  notice?: string;
}

export type McpFeatureCommand =
  /** `fresh`: the person asked to refresh, so a kept copy is dropped and the server asked again. */
  | { type: 'mcp-resources-list'; serverId: string; fresh?: boolean }
  | { type: 'mcp-resource-read'; serverId: string; uri: string }
  | { type: 'mcp-prompts-list'; serverId: string; fresh?: boolean }
  /** MCP Skills: list a server's skills, or load one of its last listing (files checked) by its SKILL.md URI. */
  | { type: 'mcp-skills-list'; serverId: string }
  | { type: 'mcp-skill-load'; serverId: string; uri: string }
  | { type: 'mcp-prompt-get'; serverId: string; name: string; arguments: Record<string, string> }
  /** `logging/setLevel`: the least severe level the server should send. */
  | { type: 'mcp-log-level'; serverId: string; level: McpLogLevel }
  | { type: 'elicitation-answer'; requestId: string; answer: ElicitationAnswer }
  | { type: 'sampling-answer'; requestId: string; answer: SamplingAnswer };

export interface McpFeatureCommandResults {
  'mcp-resources-list': McpResourceListing;
  'mcp-resource-read': { contents: McpResourceContent[] };
  'mcp-prompts-list': McpPromptListing;
  'mcp-skills-list': McpSkillListing;
  'mcp-skill-load': McpSkillLoad;
  'mcp-prompt-get': McpPromptMessages;
  'mcp-log-level': null;
  'elicitation-answer': null;
  'sampling-answer': null;
}

/** What the worker tells the UI about MCP features; sent inside a `mcp-feature` worker message. */
export type McpFeatureEvent =
  | { kind: 'log'; entry: McpLogEntry }
  | { kind: 'traffic'; record: McpTrafficRecord }
  | { kind: 'elicitation-request'; prompt: ElicitationPrompt }
  | { kind: 'sampling-request'; prompt: SamplingPrompt }
  /** A pending elicitation or sampling request ended without the person (the server cancelled or disconnected). */
  | { kind: 'request-settled'; requestId: string };
