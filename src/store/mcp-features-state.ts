// What the MCP features slice holds and does. Types only.
import type {
  ElicitationAnswer,
  ElicitationPrompt,
  McpFeatureEvent,
  McpLogEntry,
  McpLogLevel,
  McpPromptListing,
  McpPromptMessages,
  McpResourceContent,
  McpResourceListing,
  McpTrafficRecord,
  SamplingPrompt,
} from '../protocol/mcp-feature-messages';
import type { McpAppResource, McpAppToolResult } from '../protocol/mcp-app-messages';
import type { UserAttachment } from '../protocol/user-attachment';

/** A block waiting to go before the text of the next message, with what the person sees. */
export interface PendingAttachment {
  id: string;
  label: string;
  block: UserAttachment;
}

export interface McpFeaturesSlice {
  mcpLogs: Record<string, McpLogEntry[]>;
  mcpTraffic: Record<string, McpTrafficRecord[]>;
  elicitations: ElicitationPrompt[];
  samplings: SamplingPrompt[];
  attachments: PendingAttachment[];
  /**
   * Runs whose events came live from the worker while this page was open (started or resumed here). An MCP App
   * of any other run — imported, restored after a reload — is a recording: it starts only when the person asks,
   * and may call no tools (the worker refuses too).
   */
  liveRunIds: ReadonlySet<string>;
  /** Marks `runId` live (called once per run, at its first live event). */
  noteLiveRun: (runId: string) => void;
  applyMcpFeatureEvent: (event: McpFeatureEvent) => void;
  answerElicitation: (requestId: string, answer: ElicitationAnswer) => Promise<void>;
  /** Approve runs the request on the current model (provider settings as they are now). */
  answerSampling: (requestId: string, approve: boolean) => Promise<void>;
  /** Resources and templates; `fresh` (Refresh resources) drops the worker's kept copy first. */
  listResources: (serverId: string, fresh?: boolean) => Promise<McpResourceListing | null>;
  readResource: (serverId: string, uri: string) => Promise<McpResourceContent[] | null>;
  /** Prompts; `fresh` (Refresh prompts) drops the worker's kept copy first. */
  listPrompts: (serverId: string, fresh?: boolean) => Promise<McpPromptListing | null>;
  getPrompt: (serverId: string, name: string, args: Record<string, string>) => Promise<McpPromptMessages | null>;
  /** Reads `uri` and attaches its text and images to the next message; returns how many blocks it added. */
  attachResource: (serverId: string, uri: string) => Promise<number>;
  removeAttachment: (id: string) => void;
  /** Puts a prompt's text into the message box (images become attachments). */
  usePrompt: (messages: McpPromptMessages) => void;
  clearTraffic: (serverId: string) => void;
  /** `logging/setLevel` on the server. */
  setServerLogLevel: (serverId: string, level: McpLogLevel) => Promise<void>;
  clearLogs: (serverId: string) => void;
  /** MCP Apps: reads an app's page (throws with the worker's reason). */
  readAppPage: (serverId: string, uri: string) => Promise<McpAppResource>;
  /**
   * MCP Apps: a call the app of tool call `appOf` of run `runId` makes, on its own server; it goes into that
   * run (timeline, debugger, transcript). Throws with the worker's reason when refused.
   */
  callAppTool: (
    serverId: string,
    app: { runId: string; appOf: string },
    toolName: string,
    args: Record<string, unknown>,
  ) => Promise<McpAppToolResult>;
  /**
   * MCP Apps: text an app sends to the model (`ui/message`, `ui/update-model-context`), attached to the next
   * message where the person sees it (and can remove it). The same `id` replaces the earlier attachment.
   */
  attachFromApp: (id: string, label: string, text: string) => void;
}
