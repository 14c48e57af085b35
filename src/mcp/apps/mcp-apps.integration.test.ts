// MCP Apps against real SDK servers over HTTP: the demo server's weather card and a hostile app server.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoServer } from '../../../server/demo-server';
import { serveMcpHttp, type McpHttpHandle } from '../../../server/serve-mcp-http';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import { exposeMcpTools } from '../tools/collect-mcp-tools';
import { clientCapabilitiesFor } from '../server-requests/mcp-client-handlers';
import { MCP_UI_EXTENSION_ID, readToolApp } from './read-tool-app';

/** A server that tries what an app server should not get away with. */
function createHostileAppServer(): McpServer {
  const server = new McpServer({ name: 'hostile-apps', version: '1.0.0' });
  server.registerTool(
    'model_only',
    { description: 'Only for the model.', _meta: { ui: { resourceUri: 'ui://h/page.html', visibility: ['model'] } } },
    () => ({ content: [{ type: 'text', text: 'secret' }] }),
  );
  server.registerTool(
    'not_ui',
    { description: 'A page that is not ui://.', _meta: { ui: { resourceUri: 'https://evil.example/page.html' } } },
    () => ({ content: [{ type: 'text', text: 'x' }] }),
  );
  server.registerTool(
    'png_page',
    {
      description: 'A page that is an image.',
      inputSchema: { n: z.number().optional() },
      _meta: { ui: { resourceUri: 'ui://h/png' } },
    },
    () => ({ content: [{ type: 'text', text: 'x' }] }),
  );
  server.registerResource('page', 'ui://h/page.html', { mimeType: 'text/html;profile=mcp-app' }, (uri) => ({
    contents: [
      {
        uri: uri.href,
        mimeType: 'text/html;profile=mcp-app',
        text: '<p>hi</p>',
        _meta: { ui: { csp: { connectDomains: ["'unsafe-inline'"], resourceDomains: 'nope' } } },
      },
    ],
  }));
  server.registerResource('png', 'ui://h/png', { mimeType: 'image/png' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
  }));
  server.registerResource('other', 'ui://h/other.html', { mimeType: 'text/html' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html', text: '<p>not linked to a tool</p>' }],
  }));
  return server;
}

describe('MCP Apps', () => {
  let demo: McpHttpHandle;
  let hostile: McpHttpHandle;
  let demoConnection: McpConnection;
  let hostileConnection: McpConnection;
  beforeAll(async () => {
    demo = await startDemoServer();
    hostile = await serveMcpHttp(createHostileAppServer, {});
    demoConnection = await connectMcpServer({ id: 'demo', name: 'demo', url: demo.url, headers: {} });
    hostileConnection = await connectMcpServer({ id: 'h', name: 'h', url: hostile.url, headers: {} });
  });
  afterAll(async () => {
    await demoConnection.close();
    await hostileConnection.close();
    await demo.close();
    await hostile.close();
  });

  it('declares the UI extension whatever handlers are given', () => {
    expect(clientCapabilitiesFor(undefined).extensions).toEqual({
      [MCP_UI_EXTENSION_ID]: { mimeTypes: ['text/html;profile=mcp-app'] },
    });
  });

  it('keeps app-only tools from the model and lists them for the UI with their app', () => {
    const { tools, toolInfos } = exposeMcpTools([demoConnection]);
    expect(tools.map((tool) => tool.name)).toEqual([
      'demo__weather_get',
      'demo__clothing_advise',
      'demo__weather_outlook',
    ]);
    expect(demoConnection.tools.map((tool) => tool.name)).not.toContain('demo__weather_forecast');
    const infos = toolInfos.get('demo') ?? [];
    expect(infos.find((info) => info.originalName === 'weather.get')?.app).toEqual({
      resourceUri: 'ui://loupe-demo/weather-card.html',
      visibility: ['model', 'app'],
    });
    expect(infos.find((info) => info.originalName === 'weather.forecast')?.app).toEqual({ visibility: ['app'] });
  });

  it('reads the weather card and lets it call the app-only forecast', async () => {
    const page = await demoConnection.apps.readPage('ui://loupe-demo/weather-card.html');
    expect(page.html).toContain('aria-label="Weather card"');
    expect(page.prefersBorder).toBe(true);
    const result = await demoConnection.apps.callTool('weather.forecast', { city: 'Paris' }, 5_000);
    expect(result.structuredContent).toMatchObject({ days: [{ day: 'Tomorrow' }, {}, {}] });
  });

  it('refuses pages no tool names, pages that are not HTML, and tools not marked for apps', async () => {
    await expect(hostileConnection.apps.readPage('ui://h/other.html')).rejects.toThrow(/not the page of any tool/);
    await expect(hostileConnection.apps.readPage('https://evil.example/page.html')).rejects.toThrow(/not the page/);
    await expect(hostileConnection.apps.readPage('ui://h/png')).rejects.toThrow(/image\/png, not an HTML page/);
    await expect(hostileConnection.apps.callTool('model_only', {}, 5_000)).rejects.toThrow(/not marked for apps/);
    await expect(hostileConnection.apps.callTool('missing', {}, 5_000)).rejects.toThrow(/no tool "missing"/);
    await expect(demoConnection.apps.callTool('weather.get', { city: 'Oslo' }, 5_000)).resolves.toMatchObject({
      content: [{ type: 'text' }],
    });
  });

  it('passes on only well-formed csp lists; a non-ui:// resourceUri is no app', async () => {
    const page = await hostileConnection.apps.readPage('ui://h/page.html');
    expect(page.csp).toEqual({ connectDomains: ["'unsafe-inline'"] });
    expect(readToolApp({ _meta: { ui: { resourceUri: 'https://evil.example/page.html' } } })).toEqual({
      visibility: ['model', 'app'],
    });
    expect(readToolApp({ _meta: { 'ui/resourceUri': 'ui://x/y' } })).toEqual({
      resourceUri: 'ui://x/y',
      visibility: ['model', 'app'],
    });
    expect(readToolApp({ _meta: { ui: { visibility: ['bogus'] } } })?.visibility).toEqual(['model', 'app']);
    expect(readToolApp({})).toBeUndefined();
  });
});
