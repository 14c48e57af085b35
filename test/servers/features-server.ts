// A test MCP server using the protocol's richer features: logging, elicitation, sampling, resources, prompts.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';

/** A 1×1 red PNG, base64. */
export const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** A new features server (name `features`). One per session. */
export function createFeaturesMcpServer(): McpServer {
  const server = new McpServer(
    { name: 'features', version: '1.0.0' },
    { capabilities: { logging: {} }, instructions: 'A server for testing MCP features.' },
  );

  server.registerTool(
    'chatty',
    { description: 'Logs two messages while it works, then answers.', inputSchema: {} },
    async (_input, extra) => {
      // Sent on the call's own stream, as servers log about a request.
      const log = (params: { level: 'info' | 'warning'; logger?: string; data: unknown }) =>
        extra.sendNotification({ method: 'notifications/message', params });
      await log({ level: 'info', logger: 'chatty', data: 'starting work' });
      await log({ level: 'warning', data: { step: 2, note: 'almost done' } });
      return text('done');
    },
  );

  server.registerTool(
    'book_table',
    { description: 'Asks the person for booking details (elicitation), then confirms.', inputSchema: {} },
    async () => {
      const answer = await server.server.elicitInput({
        mode: 'form',
        message: 'Booking details, please.',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name', default: 'Ada' },
            guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
            seating: { type: 'string', title: 'Seating', enum: ['inside', 'terrace'], default: 'terrace' },
            highChair: { type: 'boolean', title: 'High chair', default: false },
          },
          required: ['name', 'guests'],
        },
      });
      if (answer.action !== 'accept') return text(`Booking ${answer.action}d.`);
      return text(`Booked: ${JSON.stringify(answer.content)}`);
    },
  );

  server.registerTool(
    'summarise',
    {
      description: 'Asks the client’s model for a one-line summary (sampling).',
      inputSchema: { topic: z.string() },
    },
    async ({ topic }) => {
      try {
        const result = await server.server.createMessage({
          systemPrompt: 'Answer in one line.',
          messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${topic}.` } }],
          maxTokens: 100,
        });
        const content: unknown = Array.isArray(result.content) ? result.content[0] : result.content;
        const said = (content as { type?: string; text?: string } | undefined)?.text ?? '(no text)';
        return text(`Summary from ${result.model}: ${said}`);
      } catch (error) {
        return {
          ...text(`Sampling refused: ${error instanceof Error ? error.message : String(error)}`),
          isError: true,
        };
      }
    },
  );

  server.registerResource(
    'packing-list',
    'file:///packing-list.md',
    { title: 'Packing list', description: 'What to bring on a trip.', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '- umbrella\n- passport' }] }),
  );
  server.registerResource(
    'red-pixel',
    'file:///red-pixel.png',
    { title: 'Red pixel', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: RED_PIXEL_PNG }] }),
  );
  server.registerResource(
    'city-note',
    new ResourceTemplate('note://city/{city}', { list: undefined }),
    { title: 'Note about a city' },
    (uri, { city }) => ({ contents: [{ uri: uri.href, text: `Notes on ${String(city)}.` }] }),
  );

  server.registerPrompt(
    'plan-trip',
    {
      title: 'Plan a trip',
      description: 'Asks for a packing plan for a city.',
      argsSchema: { city: z.string().describe('Where to go'), days: z.string().optional().describe('How long') },
    },
    ({ city, days }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Plan what to pack for ${days ?? 'a few'} days in ${city}.` },
        },
      ],
    }),
  );

  return server;
}

/** Starts the features server on 127.0.0.1 (port 0 = a free one). */
export function startFeaturesServer(options: ServeMcpHttpOptions = {}): Promise<McpHttpHandle> {
  return serveMcpHttp(createFeaturesMcpServer, options);
}
