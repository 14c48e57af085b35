// Everything beyond tool calls on a 2026-07-28 (modern-only) server, through Loupe's own MCP layer: a 2020-12
// `$ref` schema as listed, sampling as `input_required` through the same handler as 2025, resources, prompts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { SHIP_INPUT_SCHEMA } from '../../../test/servers/modern-server-extras';
import { startModernServer } from '../../../test/servers/modern-server';
import type { ToolRunContext } from '../../engine/tool/tool';
import { createToolInputValidator } from '../../worker/validate-tool-input';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import { SamplingDeclinedError, toSamplingResult } from './convert-sampling';
import type { McpClientHandlers } from './mcp-client-handlers';
import type { TrafficEntry } from '../../shared/traffic-entry';

const context = (): ToolRunContext => ({ signal: new AbortController().signal, onProgress: () => {}, log: () => {} });
const text = (output: { content: { type: string; text?: string }[] } | undefined) =>
  output?.content.map((part) => part.text ?? '').join('') ?? '';

describe('a 2026-07-28 server beyond tool calls', () => {
  let server: McpHttpHandle;
  beforeAll(async () => {
    server = await startModernServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const connect = (handlers: McpClientHandlers = {}): Promise<McpConnection> =>
    connectMcpServer({ id: 'm', name: 'modern', url: server.url, headers: {}, era: '2026-07-28' }, { handlers });

  it('lists a $defs/$ref schema as the server wrote it, and Loupe validates inputs through the refs', async () => {
    const connection = await connect();
    try {
      const ship = connection.listedTools.find((tool) => tool.name === 'ship');
      expect(ship?.inputSchema).toMatchObject({
        $defs: SHIP_INPUT_SCHEMA.$defs,
        properties: SHIP_INPUT_SCHEMA.properties,
      });
      const check = createToolInputValidator(ship?.inputSchema as Record<string, unknown>);
      expect(check({ to: { street: 'Main', zip: '12345' }, parcel: { label: 'a', contents: [{ label: 'b' }] } })).toBe(
        undefined,
      );
      expect(check({ to: { street: 'Main', zip: 'oslo' } })).toBe('/to/zip: String does not match pattern.');
      expect(check({ to: { street: 'Main', zip: '12345' }, parcel: { label: 'a', contents: [{}] } })).toMatch(
        /^\/parcel\/contents\/0: .*"label"/,
      );
      const output = await connection
        .createTool('ship', 'ship')
        ?.run({ to: { street: 'Main', zip: '12345' } }, context());
      expect(text(output)).toBe('shipped to Main, 12345');
    } finally {
      await connection.close();
    }
  });

  it('answers sampling asked as input_required through the same handler as 2025, and a decline reaches the call', async () => {
    const traffic: TrafficEntry[] = [];
    const asked: unknown[] = [];
    let declined = false;
    const connection = await connect({
      onTraffic: (entry) => traffic.push(entry),
      sample: (params) => {
        asked.push(params);
        if (declined) throw new SamplingDeclinedError();
        const first = params.messages[0]?.content;
        const said = first !== undefined && !Array.isArray(first) && first.type === 'text' ? first.text : '';
        return Promise.resolve(toSamplingResult(`about ${said}`, 'test-model', 'end_turn'));
      },
    });
    try {
      const tool = connection.createTool('summarise', 'summarise');
      expect(text(await tool?.run({ topic: 'Oslo' }, context()))).toBe(
        'Summary from test-model: about Summarise Oslo.',
      );
      expect(asked).toMatchObject([{ systemPrompt: 'Answer in one line.', maxTokens: 100 }]);
      // No server-to-client request: the call came back input_required and was sent again with the answer.
      const calls = traffic.filter((entry) => entry.direction === 'sent' && entry.method === 'tools/call');
      expect(calls).toHaveLength(2);
      expect(traffic.some((entry) => entry.method === 'sampling/createMessage' && entry.direction === 'received')).toBe(
        false,
      );
      declined = true;
      const refused = await tool?.run({ topic: 'Oslo' }, context());
      expect(refused?.isError).toBe(true);
      expect(text(refused)).toMatch(/declin/i);
    } finally {
      await connection.close();
    }
  });

  it('lists and reads resources and templates, and lists and gets prompts', async () => {
    const connection = await connect();
    try {
      const { resources, templates } = await connection.browse.listResources();
      // The server's skill files (test/servers/tampered-skill.ts) are resources too; this test is about the notes.
      expect(resources.filter((resource) => !resource.uri.startsWith('skill://'))).toEqual([
        expect.objectContaining({ uri: 'note://modern/today', name: 'today', title: 'Today', mimeType: 'text/plain' }),
      ]);
      expect(templates).toEqual([
        expect.objectContaining({ uriTemplate: 'note://modern/city/{city}', name: 'city-note' }),
      ]);
      expect(await connection.browse.readResource('note://modern/today')).toEqual([
        { uri: 'note://modern/today', mimeType: 'text/plain', text: 'Stand-up at ten.' },
      ]);
      expect(await connection.browse.readResource('note://modern/city/Rome')).toEqual([
        { uri: 'note://modern/city/Rome', text: 'Modern notes on Rome.' },
      ]);
      const { prompts } = await connection.browse.listPrompts();
      expect(prompts).toEqual([
        expect.objectContaining({
          name: 'greet',
          arguments: [
            expect.objectContaining({ name: 'name', required: true }),
            expect.objectContaining({ name: 'tone' }),
          ],
        }),
      ]);
      expect(await connection.browse.getPrompt('greet', { name: 'Ada', tone: 'warm' })).toEqual({
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Greet Ada warmly.' }] }],
      });
      await expect(connection.browse.readResource('note://modern/missing')).rejects.toThrow();
    } finally {
      await connection.close();
    }
  });
});
