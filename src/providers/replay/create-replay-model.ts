// A model that answers with a recorded run's replies, in order: replay needs no key and no network.
import type { Message } from '../../engine/message/message';
import { contentToParts } from '../../engine/model/content-to-parts';
import { ModelError } from '../../engine/model/model';
import type { Model, ModelStreamPart } from '../../engine/model/model';
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
 * recording fails with a plain message. A request that departs from the recorded one (other tools, another
 * message — e.g. a live tool answered differently — given `recordedHistory`) is said where it happens: as a
 * notice on that round, and in `divergences` (the reply is still the recorded one: that is what replay means).
 */
export function createReplayModel(
  rounds: readonly TranscriptRound[],
  modelId = 'replay',
  recordedHistory?: readonly Message[],
): ReplayModel {
  const divergences: string[] = [];
  let calls = 0;
  return {
    provider: 'replay',
    modelId,
    divergences,
    doStream(request, signal) {
      const round = rounds[calls];
      calls += 1;
      // The comparison loads with the first replayed call (replay is rare: the engine worker starts without it).
      const findDivergences = async (): Promise<string[]> => {
        if (round === undefined) return [];
        const { describeRequestDivergence } = await import('./describe-divergence');
        const found = describeRequestDivergence(round, request, recordedHistory);
        divergences.push(...found);
        return found;
      };
      return streamRecorded(round, calls, signal, findDivergences);
    },
  };
}

async function* streamRecorded(
  round: TranscriptRound | undefined,
  call: number,
  signal: AbortSignal,
  findDivergences: () => Promise<readonly string[]>,
): AsyncGenerator<ModelStreamPart> {
  const divergences = await findDivergences();
  if (signal.aborted) throw abortError(signal);
  for (const message of divergences) yield { type: 'notice', message: `Replay divergence — ${message}` };
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
