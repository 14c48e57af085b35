// What Loupe's MCP client answers for a server: logging notifications, elicitation and sampling requests.
import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitResult,
} from '@modelcontextprotocol/client';
import { SamplingDeclinedError } from './sampling-declined-error';
import { ProtocolError, ProtocolErrorCode } from '../sdk/sdk-errors';
import type { ElicitationSchema, McpLogLevel } from '../../protocol/mcp-feature-messages';
import type { Client } from '../sdk/mcp-sdk-client';
import type { TrafficEntry } from '../../shared/traffic-entry';
import { mcpUiExtensionCapability } from '../apps/read-tool-app';

/** The parameters of a server's form-mode `elicitation/create`. */
export interface ElicitationParams {
  message: string;
  requestedSchema: ElicitationSchema;
}

/** The parameters of a server's `sampling/createMessage`, as the SDK validated them. */
export type SamplingParams = CreateMessageRequest['params'];

/** One `notifications/message` of a server, as the client read it. */
export interface ServerLogMessage {
  level: McpLogLevel;
  logger?: string;
  data: unknown;
}

/**
 * The client side of a server's richer features. Each handler is optional; the client declares the
 * `elicitation` (form mode, defaults applied by the SDK) and `sampling` capabilities only when their handler is given.
 */
export interface McpClientHandlers {
  /** A `notifications/message` from the server. */
  onLog?: (entry: ServerLogMessage) => void;
  /** Every JSON-RPC message on the wire, with timing (see `recordTransport`). */
  onTraffic?: (entry: TrafficEntry) => void;
  /** Asks the person; `signal` aborts when the server cancels or the connection ends. */
  elicit?: (params: ElicitationParams, signal: AbortSignal) => Promise<ElicitResult>;
  /** Asks the person, then the model; throw `McpError` to refuse. */
  sample?: (params: SamplingParams, signal: AbortSignal) => Promise<CreateMessageResult>;
}

/** The capabilities Loupe's client declares for `handlers`. */
export function clientCapabilitiesFor(handlers: McpClientHandlers | undefined): ClientCapabilities {
  return {
    // MCP Apps: Loupe renders `ui://` pages (src/ui/mcp-apps/), whichever handlers are given.
    extensions: mcpUiExtensionCapability,
    ...(handlers?.elicit ? { elicitation: { form: { applyDefaults: true } } } : {}),
    ...(handlers?.sample ? { sampling: {} } : {}),
  };
}

/** Installs `handlers` on `client` (before it connects). */
export function installClientHandlers(client: Client, handlers: McpClientHandlers | undefined): void {
  if (handlers === undefined) return;
  const { onLog, elicit, sample } = handlers;
  if (onLog) {
    client.setNotificationHandler('notifications/message', (notification) => {
      const { level, logger, data } = notification.params;
      onLog({ level, ...(logger === undefined ? {} : { logger }), data });
    });
  }
  if (elicit) {
    // On a 2026-07-28 connection the same handler answers the `input_required` rounds of a call.
    client.setRequestHandler('elicitation/create', async (request, context) => {
      const params = request.params;
      if (params.mode === 'url')
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Loupe answers form-mode elicitation only.');
      return elicit(
        { message: params.message, requestedSchema: params.requestedSchema as unknown as ElicitationSchema },
        context.mcpReq.signal,
      );
    });
  }
  if (sample) {
    client.setRequestHandler('sampling/createMessage', async (request, context) => {
      try {
        return await sample(request.params, context.mcpReq.signal);
      } catch (error) {
        // As a JSON-RPC error: on 2025 the server hears it (code -1, "user rejected"); on 2026-07-28, where the
        // request came inside an input_required result, there is no one to send it to, so the call itself ends
        // with it and `callMcpTool` turns it into an error result the model sees (not a thrown failure).
        if (error instanceof SamplingDeclinedError) throw new ProtocolError(error.code, error.message);
        throw error;
      }
    });
  }
}
