// The bundled demo MCP server: a deterministic weather tool and a clothing adviser, no network needed.
import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { DemoTaskStore, serveModernTasks, TASKS_EXTENSION } from './demo-modern-tasks';
import {
  outlookShape,
  outlookTool,
  pacedBy,
  planOutlook,
  registerLegacyOutlook,
  type OutlookPacing,
} from './demo-outlook-task';
import { serveDemoSkill, SKILLS_EXTENSION } from './demo-skill';
import { forecastShape, forecastTool, weatherCardResource, weatherCardUri } from './demo-weather-card';
import { serveMcpHttp, type McpHttpHandle } from './serve-mcp-http';

export type Conditions = 'sunny' | 'cloudy' | 'rain' | 'snow' | 'windy';

/** What `weather.get` returns, as JSON text. The Demo model parses exactly this shape. */
export interface WeatherReport {
  city: string;
  temperatureC: number;
  conditions: Conditions;
  humidity: number;
  windKph: number;
  temperatureF?: number;
}

const instructions = [
  'This demo server answers questions about what to wear.',
  'Use weather.get before clothing.advise: first look up the weather for the city,',
  'then pass its temperatureC and conditions to clothing.advise (with the activity, if the person named one).',
  'The weather is simulated: the same city always gets the same report.',
].join(' ');

/** FNV-1a: stable across runs and platforms, so a city always gets the same weather. */
function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The simulated weather for `city`, or undefined when the name has no letters to look up. */
export function lookUpWeather(city: string): WeatherReport | undefined {
  const name = city.trim();
  if (!/\p{L}/u.test(name) || name.length > 100) return undefined;
  const hash = hashName(name.toLowerCase());
  const temperatureC = (hash % 46) - 10;
  const order: Conditions[] = ['sunny', 'cloudy', 'rain', 'snow', 'windy'];
  let conditions = order[(hash >>> 8) % order.length] ?? 'sunny';
  if (conditions === 'snow' && temperatureC > 2) conditions = 'rain';
  const humidity = 30 + ((hash >>> 12) % 66);
  const windKph = conditions === 'windy' ? 30 + ((hash >>> 16) % 31) : (hash >>> 16) % 30;
  return { city: name, temperatureC, conditions, humidity, windKph };
}

/** Advice in plain words for the given weather and optional activity. */
export function adviseClothing(temperatureC: number, conditions: string, activity?: string): string {
  const lines: string[] = [];
  if (temperatureC <= 0)
    lines.push(
      'It is freezing: wear a thermal base layer, a warm sweater, an insulated coat, a hat, gloves and a scarf.',
    );
  else if (temperatureC <= 10) lines.push('It is cold: wear a long-sleeved layer, a sweater and a warm jacket.');
  else if (temperatureC <= 18)
    lines.push('It is mild: a long-sleeved shirt with a light jacket or sweater you can take off.');
  else if (temperatureC <= 25)
    lines.push('It is warm: a t-shirt and light trousers or a skirt; bring a thin layer for the evening.');
  else lines.push('It is hot: light, breathable clothes, a sun hat and sunscreen; drink plenty of water.');
  const weather = conditions.toLowerCase();
  if (weather.includes('rain'))
    lines.push('Rain is expected: take a waterproof jacket or an umbrella and shoes that can get wet.');
  if (weather.includes('snow'))
    lines.push('Snow is expected: waterproof boots with good grip and a waterproof outer layer.');
  if (weather.includes('wind')) lines.push('It is windy: a windproof outer layer helps; skip the umbrella.');
  if (weather.includes('sun') && temperatureC > 15) lines.push('It is sunny: sunglasses and sunscreen.');
  const sport = activity?.trim();
  if (sport !== undefined && sport !== '') {
    lines.push(
      `For ${sport}: dress in layers you can shed as you warm up, and prefer moisture-wicking fabrics over cotton.`,
    );
  }
  return lines.join('\n');
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

const weatherShape = {
  city: z.string().describe('City name, e.g. "Paris" or "Osaka".'),
  unit: z
    .enum(['celsius', 'fahrenheit'])
    .optional()
    .describe('Also report the temperature in this unit (celsius by default).'),
};

const clothingShape = {
  temperatureC: z.number().describe('Air temperature in degrees Celsius.'),
  conditions: z.string().describe('Weather conditions, e.g. "sunny", "cloudy", "rain", "snow" or "windy".'),
  activity: z.string().optional().describe('What the person will do, e.g. "cycling" or "a walk".'),
};

const weatherTool = {
  title: 'Current weather',
  description: 'Get the current weather for a city: temperature in °C, conditions, humidity and wind. Returns JSON.',
  annotations: { title: 'Current weather', readOnlyHint: true, openWorldHint: false },
  // MCP Apps: the timeline shows the weather card under each call (server/demo-weather-card.ts).
  _meta: { ui: { resourceUri: weatherCardUri } },
};

const clothingTool = {
  title: 'Clothing advice',
  description:
    'Suggest what to wear for a temperature and weather conditions, optionally for an activity. Call weather.get first.',
  annotations: { title: 'Clothing advice', readOnlyHint: true, openWorldHint: false },
};

function getWeather({ city, unit }: { city: string; unit?: 'celsius' | 'fahrenheit' | undefined }): CallToolResult {
  const report = lookUpWeather(city);
  if (report === undefined) return errorResult(`Unknown city "${city}". Give a city name such as "Paris".`);
  if (unit === 'fahrenheit') report.temperatureF = Math.round((report.temperatureC * 9) / 5 + 32);
  // The JSON text for the model, and the same as structuredContent, which the weather card reads.
  return { content: [{ type: 'text', text: JSON.stringify(report) }], structuredContent: { ...report } };
}

function adviseTool({
  temperatureC,
  conditions,
  activity,
}: {
  temperatureC: number;
  conditions: string;
  activity?: string | undefined;
}): CallToolResult {
  return { content: [{ type: 'text', text: adviseClothing(temperatureC, conditions, activity) }] };
}

/**
 * A new demo server (name `loupe-demo`) with `weather.get` (and its weather card app, with the app-only
 * `weather.forecast`), `clothing.advise` and the task tool `weather.outlook`, 2025 era. One per session;
 * `taskStore` keeps the tasks of every session; `pacing` paces the outlook's days.
 */
export function createDemoMcpServer(taskStore = new InMemoryTaskStore(), pacing = pacedBy()): McpServer {
  const server = new McpServer(
    { name: 'loupe-demo', version: '1.0.0' },
    { instructions, taskStore, capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } },
  );
  server.registerTool('weather.get', { ...weatherTool, inputSchema: weatherShape }, getWeather);
  server.registerTool('clothing.advise', { ...clothingTool, inputSchema: clothingShape }, adviseTool);
  const card = weatherCardResource;
  server.registerResource(card.name, card.uri, card.metadata, card.read);
  const forecast = forecastTool(lookUpWeather);
  server.registerTool('weather.forecast', { ...forecast.config, inputSchema: forecastShape }, forecast.handler);
  registerLegacyOutlook(server, lookUpWeather, pacing);
  return server;
}

/**
 * The same demo server for the stateless 2026-07-28 revision (SDK v2). One per request; `tasks` keeps the
 * `weather.outlook` tasks across requests.
 */
export function createModernDemoMcpServer(tasks = new DemoTaskStore()): ModernMcpServer {
  const server = new ModernMcpServer(
    { name: 'loupe-demo', version: '1.0.0' },
    { instructions, capabilities: { extensions: { [TASKS_EXTENSION]: {}, [SKILLS_EXTENSION]: {} } } },
  );
  server.registerTool('weather.get', { ...weatherTool, inputSchema: z.object(weatherShape) }, getWeather);
  server.registerTool('clothing.advise', { ...clothingTool, inputSchema: z.object(clothingShape) }, adviseTool);
  const card = weatherCardResource;
  server.registerResource(card.name, card.uri, card.metadata, card.read);
  const forecast = forecastTool(lookUpWeather);
  server.registerTool(
    'weather.forecast',
    { ...forecast.config, inputSchema: z.object(forecastShape) },
    forecast.handler,
  );
  // Answered at once for a client without the Tasks extension; a task for one with it (serveModernTasks).
  const outlook = ({ city, days }: { city: string; days?: number | undefined }) =>
    planOutlook(lookUpWeather, city, days);
  server.registerTool(
    'weather.outlook',
    { ...outlookTool, inputSchema: z.object(outlookShape) },
    (args) => outlook(args).result,
  );
  serveModernTasks(server, tasks, 'weather.outlook', outlook);
  serveDemoSkill(server);
  return server;
}

/**
 * Starts the demo server on 127.0.0.1, speaking both eras (2026-07-28 requests stateless, 2025-era ones in
 * stateful sessions) (port 0 = a free port); `url` ends in `/mcp`. It answers only to
 * loopback Host names and to pages from loopback origins or `allowedOrigins` (DNS-rebinding protection).
 * `taskPacing` paces `weather.outlook` (a day every 1.2 s, polled every 500 ms, by default).
 */
export async function startDemoServer(
  options: { port?: number; host?: string; allowedOrigins?: readonly string[]; taskPacing?: OutlookPacing } = {},
): Promise<McpHttpHandle> {
  const { taskPacing = pacedBy(), ...http } = options;
  const legacyTasks = new InMemoryTaskStore();
  const modernTasks = new DemoTaskStore(taskPacing);
  const handle = await serveMcpHttp(() => createDemoMcpServer(legacyTasks, taskPacing), {
    ...http,
    modern: () => createModernDemoMcpServer(modernTasks),
  });
  return {
    ...handle,
    async close() {
      // The store's expiry timers would keep the process up.
      legacyTasks.cleanup();
      await handle.close();
    },
  };
}
