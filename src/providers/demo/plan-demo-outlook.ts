// Pure: the demo model's outlook script — asked for "the outlook for Osaka", it calls the demo server's task tool
// `weather.outlook` (a task: its card shows each day arrive) and answers with what came back. Other asks never
// come here, so the weather → clothing script stays as it was.
import type { ModelRequest } from '../../engine/model/model';
import type { DemoReply } from './demo-reply';
import { readDemoHistory } from './read-demo-history';

const asksForOutlook = (text: string) => /\boutlook\b/i.test(text);

function cityFrom(text: string): string {
  return /\b(?:in|for|at)\s+([A-Z][a-zA-Z-]+)/.exec(text)?.[1] ?? 'Paris';
}

function daysFrom(text: string): number {
  const asked = Number(/\b(\d{1,2})\s*days?\b/i.exec(text)?.[1] ?? 5);
  return Math.min(7, Math.max(1, asked));
}

/** The demo model's reply when the person asks for an outlook and the server offers one; undefined otherwise. */
export function planDemoOutlook(request: ModelRequest): DemoReply | undefined {
  const history = readDemoHistory(request);
  const tool = request.tools.find((candidate) => candidate.name.endsWith('weather_outlook'));
  if (tool === undefined || !asksForOutlook(history.userText)) return undefined;
  const call = history.outlookCall;
  if (call === undefined && request.toolChoice?.type !== 'none') {
    const city = cityFrom(history.userText);
    return {
      content: [
        {
          type: 'text',
          text: `I'll ask the demo server for the outlook in ${city}. It runs as a task: its card shows each day as it is prepared, and Stop cancels it.`,
        },
        {
          type: 'tool_use',
          id: `toolu_demo_${String(history.toolUseCount + 1).padStart(3, '0')}`,
          name: tool.name,
          input: { city, days: daysFrom(history.userText) },
        },
      ],
      stopReason: 'tool_use',
    };
  }
  const answer =
    call?.result === undefined
      ? 'The outlook did not come back (the call was stopped or failed without a result).'
      : call.result.isError
        ? `The outlook failed: ${call.result.text.trim() || 'the tool gave no reason'}.`
        : call.result.text.trim();
  return {
    content: [
      {
        type: 'text',
        text: `${answer}\n\n_Scripted answer from the Demo model; the outlook comes from the demo MCP server._`,
      },
    ],
    stopReason: 'end_turn',
  };
}
