// Settings the UI sends to the worker. Types only.
import type { ModelCapabilities, ModelPrice } from '../engine/model/model-capabilities';
import type { ToolSelection } from './tool-settings';
import type { DebugSettings } from './debug-settings';
import type { LoopPolicies } from '../shared/loop-policies';
import type { ApiToolSettings } from '../shared/api-tool-settings';
import type { ConnectorServer } from '../shared/connector-server';

/** Which model answers, and how to reach it. The API key crosses to the worker only, never into a transcript. */
export type ProviderSettings =
  | { kind: 'demo' }
  /** "You are the model": the person writes each reply (text and tool calls); no key, no network. */
  | { kind: 'manual' }
  | {
      kind: 'anthropic';
      apiKey: string;
      baseUrl?: string;
      model: string;
      capabilities?: ModelCapabilities;
      /** The API's own tools switched on (Settings → Server tools); absent = none. */
      apiTools?: ApiToolSettings;
      /** MCP servers the API calls itself (the MCP connector); set by the worker from the servers' choices. */
      connectorServers?: ConnectorServer[];
    }
  /** Any Chat Completions endpoint (OpenAI, OpenRouter, Ollama, LM Studio, vLLM); `apiKey` may be empty. */
  | { kind: 'openai-compatible'; apiKey: string; baseUrl: string; model: string; capabilities?: ModelCapabilities }
  /**
   * A GGUF model running inside the engine worker (llama.cpp in WebAssembly): the model loaded with
   * `in-browser-load`; `model` is its name. No key, no network.
   */
  | { kind: 'in-browser'; model: string; constrainToolCalls: boolean };

export type ProviderKind = ProviderSettings['kind'];

export interface RunSettings {
  provider: ProviderSettings;
  system: string;
  maxRounds: number;
  maxTokens: number;
  temperature?: number;
  /** The price the UI shows this run's cost with; recorded in the transcript, never used to bill. */
  price?: ModelPrice;
  /** The debugger settings the run starts with (step mode, breakpoints, approval); absent → the last `debug-set`. */
  debug?: DebugSettings;
  /** Tool overrides, switches and local tools; absent → every server tool as the server sent it. */
  tools?: ToolSelection;
  /**
   * Put each MCP tool call's W3C trace context (`traceparent`) into its request's `params._meta`, parented on the
   * call's `execute_tool` span (docs/otel.md). Default: off; the UI turns it on while telemetry is sent.
   */
  traceContext?: boolean;
  /** Loop policies (limits, at-limit behaviour, duplicates, concurrency…); absent fields keep the engine defaults. */
  policies?: Partial<LoopPolicies>;
  /**
   * This run's path per server id — `api`: the MCP connector calls it (Anthropic), `browser`: Loupe does — over each
   * server's own "Run through the API" choice. Compare sets it to run one prompt both ways; absent: the choices.
   */
  serverPaths?: Record<string, 'api' | 'browser'>;
}

/**
 * Which MCP protocol era to speak to a server: `auto` probes with `server/discover` and falls back to the 2025
 * `initialize` handshake; `2026-07-28` insists on the stateless revision; `2025` skips the probe.
 */
export type McpEraChoice = 'auto' | '2026-07-28' | '2025';

/** An MCP server the person added. `headers` may hold secrets (e.g. Authorization). */
export interface ServerConfig {
  id: string;
  /** Short name used in exposed tool names (`<name>__<tool>`). */
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Put the server's `instructions` into the system prompt (default true). */
  includeInstructions: boolean;
  /** Path segments of `url` the person marked secret: written down as `REDACTED` like query values and user info. */
  secretPathSegments?: string[];
  /** Keep the full URL in this browser's storage; otherwise storage gets the redacted URL (the full one stays in memory). */
  rememberFullUrl?: boolean;
  /** Idle timeout of this server's tool calls in ms (progress restarts it); absent = the run's setting. */
  toolTimeoutMs?: number;
  /** The protocol era to speak (the `Protocol era` select); absent = `auto`. */
  era?: McpEraChoice;
  /** OAuth choices for this server (a hand-registered client id, scopes); absent = dynamic registration, the server's scopes. */
  oauth?: ServerOAuthSettings;
  /**
   * Run through the API (Anthropic's MCP connector): the API calls this server itself, and its tools are not sent
   * as the browser's tools. `sendToken`: the `Authorization: Bearer` token of `headers` goes with it (to the
   * provider, for this server's URL only); no other header ever does. Absent = the browser calls it.
   */
  runThroughApi?: { sendToken: boolean };
}

/**
 * What the person chose for signing in to one server. No client secret: Loupe runs in the browser, where
 * nothing can be kept from the person or from a script on the page, so it is a public client (PKCE, token
 * endpoint auth `none`) and an authorization server must treat it as one.
 */
export interface ServerOAuthSettings {
  /** A client id registered by hand at the server's authorization server (servers without dynamic registration). */
  clientId?: string;
  /** Scopes asked for instead of the ones the server suggests (each an RFC 6749 scope token). */
  scopes?: string[];
}
