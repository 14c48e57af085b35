// The demo server's MCP App: a weather card for `weather.get` (a `ui://` page) and the app-only tool
// `weather.forecast` it calls. The page uses the extension's own app-side `App` class, inlined from the
// package's self-contained build, so it needs nothing from the network (its CSP allows none).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const weatherCardUri = 'ui://loupe-demo/weather-card.html';
export const mcpAppMimeType = 'text/html;profile=mcp-app';

/** The `App` class of `@modelcontextprotocol/ext-apps`, as one module's code with `App` bound locally. */
function loadAppModule(): string {
  const path = createRequire(import.meta.url).resolve('@modelcontextprotocol/ext-apps/app-with-deps');
  const code = readFileSync(path, 'utf8');
  // The build ends in one `export{…}`; its local name for `App` is what the card's code uses.
  const exportStart = code.lastIndexOf('export{');
  const local = /(?:^|[{,])([\w$]+) as App(?:[,}])/.exec(code.slice(exportStart))?.[1];
  if (exportStart < 0 || local === undefined) throw new Error(`Cannot find App in ${path}.`);
  return `${code.slice(0, exportStart)}\nconst McpApp = ${local};\n`;
}

const cardScript = String.raw`
const app = new McpApp({ name: 'Loupe weather card', version: '1.0.0' }, {}, { autoResize: true });
const $ = (id) => document.getElementById(id);
const icons = { sunny: '☀️', cloudy: '☁️', rain: '🌧️', snow: '❄️', windy: '💨' };
let city = '';
function show(report) {
  city = report.city;
  $('city').textContent = report.city;
  $('icon').textContent = icons[report.conditions] ?? '🌡️';
  $('temp').textContent = report.temperatureC + ' °C';
  $('conditions').textContent = report.conditions;
  $('details').textContent = 'Humidity ' + report.humidity + '% · wind ' + report.windKph + ' km/h';
  $('actions').hidden = false;
}
function reportOf(result) {
  if (result.structuredContent && typeof result.structuredContent === 'object') return result.structuredContent;
  for (const part of result.content ?? []) {
    if (part.type !== 'text') continue;
    try { const value = JSON.parse(part.text); if (value && value.city) return value; } catch {}
  }
  return undefined;
}
app.ontoolresult = (result) => {
  const report = reportOf(result);
  if (result.isError || !report) { $('city').textContent = 'No weather to show'; return; }
  show(report);
};
$('forecast-button').addEventListener('click', async () => {
  $('forecast').textContent = 'Loading…';
  try {
    const result = await app.callServerTool({ name: 'weather.forecast', arguments: { city } });
    const days = result.structuredContent?.days ?? [];
    $('forecast').replaceChildren(...days.map((day) => {
      const item = document.createElement('li');
      item.textContent = day.day + ': ' + day.conditions + ', ' + day.temperatureC + ' °C';
      return item;
    }));
    await app.updateModelContext({
      content: [{ type: 'text', text: 'The person looked at the 3-day forecast for ' + city + ': ' +
        days.map((day) => day.day + ' ' + day.conditions + ' ' + day.temperatureC + ' °C').join('; ') + '.' }],
    });
  } catch (error) {
    $('forecast').textContent = 'The forecast is not available: ' + (error?.message ?? error);
  }
});
$('ask-button').addEventListener('click', () => {
  void app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'What should I wear in ' + city + '?' }] });
  $('ask-button').textContent = 'Added to your next message';
});
// The host's theme (MCP Apps host context): the card follows Loupe's light or dark theme, not the system's.
function applyTheme(theme) {
  if (theme !== 'dark' && theme !== 'light') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}
app.onhostcontextchanged = (context) => applyTheme(context.theme);
void app.connect().then(() => applyTheme(app.getHostContext()?.theme));
`;

// The card's colours follow the host's theme from its host context (data-theme, set by the script); with no theme
// given, the system's. Issue 41: the card stayed light in Loupe's dark theme.
const style = `
  :root { color-scheme: light dark; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #18181b; background: transparent; }
  .card { padding: 12px 14px; display: grid; gap: 6px; }
  .top { display: flex; align-items: center; gap: 10px; }
  #icon { font-size: 32px; }
  #city { font-weight: 600; font-size: 16px; }
  #temp { font-size: 24px; font-weight: 700; margin-left: auto; }
  #conditions, #details { color: #52525b; }
  #actions { display: flex; gap: 6px; }
  button { font: inherit; padding: 4px 10px; border-radius: 6px; border: 1px solid #a1a1aa; background: #f4f4f5; color: #18181b; cursor: pointer; }
  ul { margin: 0; padding-left: 18px; }
  :root[data-theme='dark'] body { color: #f4f4f5; }
  :root[data-theme='dark'] #conditions, :root[data-theme='dark'] #details { color: #a1a1aa; }
  :root[data-theme='dark'] button { background: #27272a; color: #f4f4f5; border-color: #52525b; }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme]) body { color: #f4f4f5; }
    :root:not([data-theme]) #conditions, :root:not([data-theme]) #details { color: #a1a1aa; }
    :root:not([data-theme]) button { background: #27272a; color: #f4f4f5; border-color: #52525b; }
  }
`;

let page: string | undefined;

/** The card's page: markup, style and script inline, nothing loaded from elsewhere. */
export function weatherCardHtml(): string {
  page ??= `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Weather card</title><style>${style}</style></head>
<body><main class="card" aria-label="Weather card">
<div class="top"><span id="icon" aria-hidden="true">🌡️</span><div><div id="city">Waiting for the weather…</div><div id="conditions"></div></div><span id="temp"></span></div>
<div id="details"></div>
<div id="actions" hidden><button id="forecast-button" type="button">3-day forecast</button><button id="ask-button" type="button">Ask what to wear</button></div>
<ul id="forecast" aria-label="Forecast"></ul>
</main><script type="module">${loadAppModule()}\n${cardScript}</script></body></html>`;
  return page;
}

/** A deterministic 3-day forecast: today's report shifted a little per day. */
export function forecastFor(
  city: string,
  today: { temperatureC: number; conditions: string },
): { day: string; temperatureC: number; conditions: string }[] {
  const order = ['sunny', 'cloudy', 'rain', 'windy'];
  const start = Math.max(0, order.indexOf(today.conditions));
  return ['Tomorrow', 'In 2 days', 'In 3 days'].map((day, index) => ({
    day,
    temperatureC: today.temperatureC + (((city.length + index) % 5) - 2),
    conditions: order[(start + index + 1) % order.length] ?? 'sunny',
  }));
}

type LookUp = (city: string) => { city: string; temperatureC: number; conditions: string } | undefined;

/** The card's `ui://` page as a resource: name, URI, metadata and its read callback. */
export const weatherCardResource = {
  name: 'weather-card',
  uri: weatherCardUri,
  metadata: { title: 'Weather card', description: 'The MCP App of weather.get.', mimeType: mcpAppMimeType },
  read: (uri: URL) => ({
    contents: [
      { uri: uri.href, mimeType: mcpAppMimeType, text: weatherCardHtml(), _meta: { ui: { prefersBorder: true } } },
    ],
  }),
};

/** The input of `weather.forecast`, as a zod shape (each SDK era wraps it its own way). */
export const forecastShape = { city: z.string().describe('City name.') };

/**
 * The app-only `weather.forecast` (visibility `["app"]`: the model never sees it; only the card calls it),
 * without its input schema. `lookUp` is the weather tool's own lookup.
 */
export function forecastTool(lookUp: LookUp) {
  return {
    config: {
      title: '3-day forecast',
      description: 'The next three days for a city. Called by the weather card only.',
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { visibility: ['app'] } },
    },
    handler: ({ city }: { city: string }): CallToolResult => {
      const report = lookUp(city);
      if (report === undefined) return { content: [{ type: 'text', text: `Unknown city "${city}".` }], isError: true };
      const days = forecastFor(report.city, report);
      return { content: [{ type: 'text', text: JSON.stringify({ days }) }], structuredContent: { days } };
    },
  };
}
