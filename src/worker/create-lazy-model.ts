// Adapters whose SDK is loaded on first use: the engine worker starts without them (a demo run never needs one).
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '../engine/model/model';
import { onceUntilFailed } from '../shared/once-until-failed';

/**
 * A `Model` whose adapter comes from a separate chunk, loaded when it is first asked to stream or count.
 * `countTokens` is present when `countsTokens` says the adapter has it. A chunk that cannot be loaded (offline
 * after a deploy) fails the call as a `ModelError` saying so, like any other failed model call.
 */
export function createLazyModel(
  identity: { provider: string; modelId: string; countsTokens: boolean },
  load: () => Promise<Model>,
): Model {
  const model = onceUntilFailed(
    load,
    (error) =>
      new ModelError(
        `Loupe could not load its ${identity.provider} adapter (${error instanceof Error ? error.message : String(error)}). Reload the page and run again.`,
        { cause: error },
      ),
  );
  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    yield* (await model()).doStream(request, signal);
  }
  const countTokens = async (request: ModelRequest, signal: AbortSignal): Promise<number> => {
    const loaded = await model();
    if (loaded.countTokens === undefined) throw new ModelError(`${identity.provider} cannot count tokens.`);
    return loaded.countTokens(request, signal);
  };
  return {
    provider: identity.provider,
    modelId: identity.modelId,
    doStream,
    ...(identity.countsTokens ? { countTokens } : {}),
  };
}
