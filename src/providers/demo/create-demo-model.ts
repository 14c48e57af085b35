// The offline Demo model: a scripted, clearly labelled model that plays weather → clothing against the demo MCP server.
import type { Model, ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { planDemoReply } from './plan-demo-reply';
import { streamDemoReply } from './stream-demo-reply';

export interface DemoModelOptions {
  /** Pause between streamed chunks, so the timeline visibly streams. Default 15 ms; 0 in tests. */
  chunkDelayMs?: number;
}

/**
 * A `Model` that needs no key or network. Each call looks at the turn so far: first it asks the
 * `…weather_get` tool for the city the user named (default Paris), then `…clothing_advise` with the
 * temperature and conditions it got back, then answers in Markdown. Without those tools it explains
 * how to connect the demo server; tool errors are reported honestly in the answer.
 */
export function createDemoModel(options: DemoModelOptions = {}): Model {
  const chunkDelayMs = options.chunkDelayMs ?? 15;
  return {
    provider: 'demo',
    modelId: 'loupe-demo',
    doStream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const reply = planDemoReply(request);
      const assistantCount = request.messages.filter((message) => message.role === 'assistant').length;
      const requestChars =
        (request.system ?? '').length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
      return streamDemoReply(reply, {
        id: `msg_demo_${String(assistantCount + 1).padStart(3, '0')}`,
        model: 'loupe-demo',
        inputTokens: Math.max(1, Math.ceil(requestChars / 4)),
        chunkDelayMs,
        signal,
      });
    },
  };
}
