// What the modern-only test server offers beyond tool calls and elicitation: a 2020-12 `$ref` schema, sampling
// as `input_required`, resources and prompts — each the 2026-07-28 way (no server-to-client request).
import {
  fromJsonSchema,
  inputRequired,
  inputResponse,
  ResourceTemplate,
  type McpServer,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A JSON Schema 2020-12 tool input with `$defs`: nested (`address` → `zip`) and recursive (`parcel.contents`). */
export const SHIP_INPUT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    zip: { type: 'string', pattern: '^[0-9]{5}$', description: 'Five digits.' },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, zip: { $ref: '#/$defs/zip' } },
      required: ['street', 'zip'],
    },
    parcel: {
      type: 'object',
      properties: { label: { type: 'string' }, contents: { type: 'array', items: { $ref: '#/$defs/parcel' } } },
      required: ['label'],
    },
  },
  properties: { to: { $ref: '#/$defs/address' }, parcel: { $ref: '#/$defs/parcel' } },
  required: ['to'],
} as const;

/** Adds `ship`, `summarise`, the `note://` resources and the `greet` prompt to `server`. */
export function registerModernExtras(server: McpServer): void {
  server.registerTool(
    'ship',
    {
      description: 'Ships a parcel to an address (its input schema uses $defs and $ref).',
      inputSchema: fromJsonSchema<{ to: { street: string; zip: string } }>(SHIP_INPUT_SCHEMA),
    },
    ({ to }) => text(`shipped to ${to.street}, ${to.zip}`),
  );

  server.registerTool(
    'summarise',
    {
      description: "Asks the client's model for a one-line summary (sampling, as input_required).",
      inputSchema: z.object({ topic: z.string() }),
    },
    ({ topic }, context) => {
      const answer = inputResponse(context.mcpReq.inputResponses, 'summary');
      if (answer.kind === 'sampling') {
        const content: unknown = Array.isArray(answer.result.content)
          ? answer.result.content[0]
          : answer.result.content;
        const said = (content as { text?: string } | undefined)?.text ?? '(no text)';
        return text(`Summary from ${answer.result.model}: ${said}`);
      }
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage({
            systemPrompt: 'Answer in one line.',
            messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${topic}.` } }],
            maxTokens: 100,
          }),
        },
      });
    },
  );

  server.registerResource(
    'today',
    'note://modern/today',
    { title: 'Today', description: 'What is on today.', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Stand-up at ten.' }] }),
  );
  server.registerResource(
    'city-note',
    new ResourceTemplate('note://modern/city/{city}', { list: undefined }),
    { title: 'Note about a city' },
    (uri, { city }) => ({ contents: [{ uri: uri.href, text: `Modern notes on ${String(city)}.` }] }),
  );

  server.registerPrompt(
    'greet',
    {
      title: 'Greet someone',
      description: 'A greeting in the tone asked for.',
      argsSchema: z.object({ name: z.string().describe('Who'), tone: z.string().optional().describe('How') }),
    },
    ({ name, tone }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Greet ${name}${tone === undefined ? '' : ` ${tone}ly`}.` } },
      ],
    }),
  );
}
