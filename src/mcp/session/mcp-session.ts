// One connected MCP client session. Types only.
import type { Transport } from '@modelcontextprotocol/client';
import type { Client } from '../sdk/mcp-sdk-client';
import type { McpEra, RememberedEra } from './mcp-era';

/** A connected SDK client and the transport it runs on. */
export interface McpSession {
  client: Client;
  transport: Transport;
  /** Which transport answered. */
  kind: 'streamable-http' | 'sse';
  /** The negotiated protocol version, when the transport reports it. */
  protocolVersion?: string;
  /** Which era the connection speaks. */
  era: McpEra;
  /** What to remember so the next connect to this server needs no probe. */
  remembered: RememberedEra;
  /** Something the person should know about how the era was chosen (e.g. the probe could not be sent). */
  eraNote?: string;
}
