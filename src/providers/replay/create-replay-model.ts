// A model that answers with a recorded run's replies, in order: replay needs no key and no network.
import { contentToParts } from '../../engine/model/content-to-parts';
import { ModelError } from '../../engine/model/model';
import type { Model, ModelRequest, ModelStreamPart } from '../../engine/model/model';
import type { TranscriptRound } from '../../engine/transcript/transcript';
import { abortError } from '../abort-error';

/** A replay model, plus what it noticed while replaying. */
export interface ReplayModel extends Model {
  /** One sentence per round whose request did not match the recording (other tools, more or fewer messages). */
  readonly divergences: string[];
}

/**
 * Creates a model (provider `replay`, the recorded model's id) whose call N streams the recorded reply
 * of round N — text, thinking and `tool_use` blocks with their recorded ids and inputs, the recorded stop
 * reason and usage. A round recorded without a reply fails the way it failed then; a call past the
 * recording fails with a plain message. Requests that differ from the recorded digest are noted in
 * `divergences` (the reply is still the recorded one: that is what replay means).
 */
export function createReplayModel(rounds: readonly TranscriptRound[], modelId = 'replay'): ReplayModel {
  const divergences: string[] = [];
  let calls = 0;
  return {
    provider: 'replay',
    modelId,
    divergences,
    doStream(request, signal) {
      const round = rounds[calls];
      calls += 1;
      if (round !== undefined) noteDivergence(round, request, divergences);
      return streamRecorded(round, calls, signal);
    },
  };
}

function noteDivergence(round: TranscriptRound, request: ModelRequest, divergences: string[]): void {
  const recorded = round.request;
  const tools = request.tools.map((tool) => tool.name);
  if (recorded.toolNames.join(',') !== tools.join(','))
    divergences.push(
      `Round ${round.round}: the live tools (${tools.join(', ') || 'none'}) differ from the recorded ones (${recorded.toolNames.join(', ') || 'none'}).`,
    );
  if (recorded.messageCount !== request.messages.length)
    divergences.push(
      `Round ${round.round}: ${request.messages.length} messages were sent where the recording sent ${recorded.messageCount}.`,
    );
}

async function* streamRecorded(
  round: TranscriptRound | undefined,
  call: number,
  signal: AbortSignal,
): AsyncGenerator<ModelStreamPart> {
  await Promise.resolve();
  if (signal.aborted) throw abortError(signal);
  if (round === undefined)
    throw new ModelError(
      `The recording has no reply for round ${call}: the replay went further than the recorded run.`,
    );
  if (round.response === null)
    throw new ModelError(
      `The recorded run had no reply in round ${call} (its model call failed), so the replay stops here.`,
    );
  yield { type: 'response-start', id: `replay_${call}`, model: round.request.model };
  for (const part of contentToParts(round.response.content)) {
    await Promise.resolve();
    if (signal.aborted) throw abortError(signal);
    yield part;
  }
  yield { type: 'response-end', stopReason: round.response.stopReason, usage: round.response.usage };
}
