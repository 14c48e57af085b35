// Pure: decides the demo model's next reply — check the weather, ask for clothing advice, then answer.
import type { ModelRequest } from '../../engine/model/model';
import type { DemoBlock, DemoReply } from './demo-reply';
import { planDemoOutlook } from './plan-demo-outlook';
import { readDemoHistory, type DemoCall, type DemoHistory } from './read-demo-history';

/** Where the demo MCP server listens when started with `npm start`. */
export const demoServerUrl = 'http://localhost:3001/mcp';

interface Weather {
  city: string;
  temperatureC: number;
  conditions: string;
  humidity?: number;
  windKph?: number;
}

/** What the demo assumes when the weather lookup failed: a mild, cloudy day. */
const assumedWeather = { temperatureC: 18, conditions: 'cloudy' };

function cityFrom(text: string): string {
  return /\b(?:in|for|at)\s+([A-Z][a-zA-Z-]+)/.exec(text)?.[1] ?? 'Paris';
}

function activityFrom(text: string): string | undefined {
  return /\b(running|run|jogging|hiking|hike|cycling|bike|walking|walk)\b/i.exec(text)?.[1]?.toLowerCase();
}

function parseWeather(call: DemoCall): Weather | undefined {
  if (!call.result || call.result.isError) return undefined;
  try {
    const value = JSON.parse(call.result.text) as Partial<Weather>;
    if (typeof value.temperatureC !== 'number' || typeof value.conditions !== 'string') return undefined;
    const requested = typeof call.use.input.city === 'string' ? call.use.input.city : 'the city';
    return { ...value, city: typeof value.city === 'string' ? value.city : requested } as Weather;
  } catch {
    return undefined;
  }
}

function failureOf(call: DemoCall | undefined): string {
  if (!call?.result) return 'no result came back';
  return call.result.text.trim() || 'the tool reported an error without a message';
}

function describeWeather(weather: Weather): string {
  const extras = [
    weather.humidity !== undefined ? `humidity ${weather.humidity} %` : '',
    weather.windKph !== undefined ? `wind ${weather.windKph} km/h` : '',
  ].filter(Boolean);
  return `${weather.temperatureC} °C and ${weather.conditions}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

const text = (value: string): DemoBlock => ({ type: 'text', text: value });

function notConnected(): DemoReply {
  return {
    content: [
      text(
        "I'm the **Demo model**, a scripted stand-in that plays a weather → clothing example without any API key. " +
          "It needs the demo MCP server's `weather.get` and `clothing.advise` tools, and they are not in this request.\n\n" +
          `Add the demo server: enter \`${demoServerUrl}\` as the Server URL, press **Add server**, wait until it shows ` +
          '*connected*, then run again.',
      ),
    ],
    stopReason: 'end_turn',
  };
}

function finalAnswer(history: DemoHistory): DemoReply {
  const { weatherCall, clothingCall } = history;
  const weather = weatherCall ? parseWeather(weatherCall) : undefined;
  const city =
    weather?.city ??
    (typeof weatherCall?.use.input.city === 'string' ? weatherCall.use.input.city : cityFrom(history.userText));
  const lines: string[] = [];
  if (weather) lines.push(`**Weather in ${city}:** ${describeWeather(weather)}.`);
  else if (weatherCall)
    lines.push(
      `**Weather in ${city}:** the weather lookup failed (${failureOf(weatherCall)}), so I could not check it.`,
    );
  else lines.push(`**Weather in ${city}:** I did not get to check it.`);
  if (clothingCall?.result && !clothingCall.result.isError) {
    const basis = weather
      ? ''
      : ` This advice assumes a mild, cloudy day (${assumedWeather.temperatureC} °C), not the real weather.`;
    lines.push(`**What to wear:** ${clothingCall.result.text.trim()}${basis}`);
  } else if (clothingCall) {
    lines.push(
      `**What to wear:** the clothing advice failed (${failureOf(clothingCall)}), so I have no advice from the tool.`,
    );
  } else if (!history.clothingTool) {
    lines.push('**What to wear:** the `clothing.advise` tool is not available, so I cannot advise on clothing.');
  } else {
    lines.push('**What to wear:** I stopped before asking for clothing advice.');
  }
  lines.push('_Scripted answer from the Demo model; the facts above come from the demo MCP server._');
  return { content: [text(lines.join('\n\n'))], stopReason: 'end_turn' };
}

/** The demo model's reply to `request` (see the module header for the script). */
export function planDemoReply(request: ModelRequest): DemoReply {
  const history = readDemoHistory(request);
  const toolId = (offset: number) => `toolu_demo_${String(history.toolUseCount + offset).padStart(3, '0')}`;
  if (!history.weatherCall && !history.weatherTool) return notConnected();
  const outlook = planDemoOutlook(request);
  if (outlook !== undefined) return outlook;
  if (request.toolChoice?.type === 'none') return finalAnswer(history);
  if (!history.weatherCall && history.weatherTool) {
    const city = cityFrom(history.userText);
    return {
      content: [
        text(`I'll check the weather in ${city} first.`),
        { type: 'tool_use', id: toolId(1), name: history.weatherTool.name, input: { city, unit: 'celsius' } },
      ],
      stopReason: 'tool_use',
    };
  }
  if (history.weatherCall && !history.clothingCall && history.clothingTool) {
    const weather = parseWeather(history.weatherCall);
    const { temperatureC, conditions } = weather ?? assumedWeather;
    const activity = activityFrom(history.userText);
    const intro = weather
      ? `It's ${describeWeather(weather)} in ${weather.city}. Now I'll ask what to wear for that.`
      : `The weather lookup failed (${failureOf(history.weatherCall)}), so I'll ask for advice for a mild, cloudy day instead.`;
    return {
      content: [
        text(intro),
        {
          type: 'tool_use',
          id: toolId(1),
          name: history.clothingTool.name,
          input: { temperatureC, conditions, ...(activity ? { activity } : {}) },
        },
      ],
      stopReason: 'tool_use',
    };
  }
  return finalAnswer(history);
}
