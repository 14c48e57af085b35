// One connected MCP client session. Types only.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Client } from './mcp-sdk-client';

/** A connected SDK client and the transport it runs on. */
export interface McpSession {
  client: Client;
  transport: Transport;
  /** Which transport answered. */
  kind: 'streamable-http' | 'sse';
  /** The negotiated protocol version, when the transport reports it. */
  protocolVersion?: string;
}
