// A live model replaying a recording: passes every part through and says, on the round, where it departs.
import type { ContentBlock, Message } from '../../engine/message/message';
import type { Model, ModelStreamPart } from '../../engine/model/model';
import type { TranscriptRound } from '../../engine/transcript/transcript';

/** The wrapped model, and every divergence it said so far. */
export interface WatchedModel extends Model {
  readonly divergences: string[];
}

/**
 * Wraps `model` so call N is checked against recorded round N: a request that departs (other tools, another
 * message) is said as a notice before the reply, a reply that departs (other calls, other text, another stop
 * reason) as a notice before its end. A call past the recording is said once. The parts themselves pass
 * through unchanged, so the run is exactly the live one.
 */
export function watchLiveDivergence(
  model: Model,
  rounds: readonly TranscriptRound[],
  recordedHistory: readonly Message[],
): WatchedModel {
  const divergences: string[] = [];
  let calls = 0;
  const say = (message: string): ModelStreamPart => {
    divergences.push(message);
    return { type: 'notice', message: `Replay divergence — ${message}` };
  };
  return {
    ...model,
    divergences,
    async *doStream(request, signal) {
      const round = rounds[calls];
      calls += 1;
      // Loaded with the first watched call (replay is rare: the engine worker starts without it).
      const { describeReplyDivergence, describeRequestDivergence } = await import('./describe-divergence');
      if (round === undefined) {
        yield say(`Round ${calls}: the recording ended after ${rounds.length} rounds; this one is new.`);
        yield* model.doStream(request, signal);
        return;
      }
      for (const message of describeRequestDivergence(round, request, recordedHistory)) yield say(message);
      const reply = createReplyCollector();
      for await (const part of model.doStream(request, signal)) {
        if (part.type === 'response-end') {
          const found = describeReplyDivergence(round, reply.blocks(), part.stopReason);
          if (found !== undefined) yield say(found);
        } else reply.add(part);
        yield part;
      }
    },
  };
}

/** Enough of a streamed reply to compare: text per block, tool calls with their parsed input. */
function createReplyCollector() {
  const texts = new Map<number, string>();
  const calls = new Map<number, { name: string; json: string }>();
  return {
    add(part: ModelStreamPart): void {
      if (part.type === 'text-delta') texts.set(part.index, (texts.get(part.index) ?? '') + part.text);
      if (part.type === 'tool-use-start') calls.set(part.index, { name: part.name, json: '' });
      if (part.type === 'tool-input-delta') {
        const call = calls.get(part.index);
        if (call) call.json += part.partialJson;
      }
    },
    blocks(): ContentBlock[] {
      const indexes = [...new Set([...texts.keys(), ...calls.keys()])].sort((a, b) => a - b);
      return indexes.map((index): ContentBlock => {
        const call = calls.get(index);
        if (call === undefined) return { type: 'text', text: texts.get(index) ?? '' };
        let input: Record<string, unknown> = {};
        try {
          input = JSON.parse(call.json || '{}') as Record<string, unknown>;
        } catch {
          // Unparseable input compares as empty; the loop itself reports the bad JSON.
        }
        return { type: 'tool_use', id: `live_${index}`, name: call.name, input };
      });
    },
  };
}
