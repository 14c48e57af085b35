import { describe, expect, it } from 'vitest';
import type { Tool } from '../engine/tool/tool';
import { emptyToolSelection, type LocalToolDefinition, type ToolSelection } from '../protocol/tool-settings';
import { applyToolSelection } from './apply-tool-selection';

const calls: { toolName: string; input: Record<string, unknown> }[] = [];

function mcpTool(toolName: string, description = `About ${toolName}.`): Tool {
  return {
    name: `demo__${toolName}`,
    description,
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    origin: { kind: 'mcp', serverId: 'id-1', serverName: 'demo', toolName },
    run: (input) => {
      calls.push({ toolName, input });
      return Promise.resolve({ content: [{ type: 'text', text: toolName }] });
    },
  };
}

const localDefinition: LocalToolDefinition = {
  id: 'l1',
  name: 'mock_search',
  description: 'Searches nothing.',
  inputSchema: { type: 'object' },
  handler: { kind: 'text', text: 'no results' },
};

const createLocal = (definition: LocalToolDefinition): Tool => ({
  name: definition.name,
  description: definition.description,
  inputSchema: definition.inputSchema,
  origin: { kind: 'local' },
  run: () => Promise.resolve({ content: [] }),
});

const selection = (patch: Partial<ToolSelection>): ToolSelection => ({ ...emptyToolSelection, ...patch });

describe('applyToolSelection', () => {
  it('passes the server tools through untouched without a selection', () => {
    const tools = [mcpTool('weather_get')];
    expect(applyToolSelection(tools, undefined, createLocal).tools).toEqual(tools);
  });

  it('sends the edited name, description and schema, and still calls the server by its own name', async () => {
    const schema = { type: 'object', properties: { place: { type: 'string', description: 'A city.' } } };
    const { tools, problems } = applyToolSelection(
      [mcpTool('weather_get'), mcpTool('clothing_advise')],
      selection({
        overrides: { 'mcp:demo/weather_get': { name: 'forecast', description: 'Edited.', inputSchema: schema } },
      }),
      createLocal,
    );
    expect(problems).toEqual([]);
    expect(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual([
      { name: 'forecast', description: 'Edited.', inputSchema: schema },
      {
        name: 'demo__clothing_advise',
        description: 'About clothing_advise.',
        inputSchema: mcpTool('x').inputSchema,
      },
    ]);
    calls.length = 0;
    await tools[0]?.run(
      { place: 'Paris' },
      { signal: new AbortController().signal, onProgress: () => {}, log: () => {} },
    );
    expect(calls).toEqual([{ toolName: 'weather_get', input: { place: 'Paris' } }]);
  });

  it('keeps the server version when an edit is invalid, and says why', () => {
    const { tools, problems } = applyToolSelection(
      [mcpTool('weather_get'), mcpTool('clothing_advise')],
      selection({
        overrides: {
          'mcp:demo/weather_get': { inputSchema: { type: 'object', properties: { city: { type: 'strin' } } } },
          'mcp:demo/clothing_advise': { name: 'demo__weather_get' },
        },
      }),
      createLocal,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['demo__weather_get', 'demo__clothing_advise']);
    expect(tools[0]?.inputSchema).toEqual(mcpTool('x').inputSchema);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/demo__weather_get was not applied: Input schema at \/properties\/city\/type/);
    expect(problems[1]).toMatch(/already exposed as "demo__weather_get"/);
  });

  it("puts the person's read-only marks over the server's hint, local tools included", () => {
    const hinted = { ...mcpTool('clothing_advise'), annotations: { readOnlyHint: true, title: 'Clothing' } };
    const { tools } = applyToolSelection(
      [mcpTool('weather_get'), hinted],
      selection({
        localTools: [localDefinition],
        overrides: { 'mcp:demo/clothing_advise': { timeoutMs: 5_000 } },
        readOnly: { 'mcp:demo/weather_get': true, 'mcp:demo/clothing_advise': false, 'local:l1': true },
      }),
      createLocal,
    );
    expect(tools.map((tool) => tool.annotations?.readOnlyHint)).toEqual([true, false, true]);
    // The mark changes only the hint: the server's other annotations and the person's timeout stay.
    expect(tools[1]?.annotations?.title).toBe('Clothing');
    expect(tools[1]?.timeoutMs).toBe(5_000);
    // No mark: the tool object is the server's own.
    const plain = mcpTool('weather_get');
    expect(applyToolSelection([plain], selection({ readOnly: {} }), createLocal).tools[0]).toBe(plain);
  });

  it('leaves disabled tools out and appends enabled local tools', () => {
    const { tools } = applyToolSelection(
      [mcpTool('weather_get'), mcpTool('clothing_advise')],
      selection({ disabled: ['mcp:demo/weather_get'], localTools: [localDefinition] }),
      createLocal,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['demo__clothing_advise', 'mock_search']);

    const none = applyToolSelection(
      [mcpTool('weather_get')],
      selection({ disabled: ['local:l1'], localTools: [localDefinition] }),
      createLocal,
    );
    expect(none.tools.map((tool) => tool.name)).toEqual(['demo__weather_get']);
  });

  it('leaves out a local tool whose name clashes with a server tool', () => {
    const { tools, problems } = applyToolSelection(
      [mcpTool('weather_get')],
      selection({ localTools: [{ ...localDefinition, name: 'demo__weather_get' }] }),
      createLocal,
    );
    expect(tools).toHaveLength(1);
    expect(problems[0]).toMatch(/local tool demo__weather_get was left out/);
  });
});
