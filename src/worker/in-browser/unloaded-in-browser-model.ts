// The in-browser provider's model when no GGUF is loaded in this engine: every call fails saying what to do.
import { ModelError, type Model, type ModelStreamPart } from '../../engine/model/model';

/** A `Model` named `modelId` whose calls fail with a `ModelError` asking the person to load the model first. */
export function createUnloadedInBrowserModel(modelId: string, reason?: string): Model {
  const message =
    reason ??
    `No in-browser model is loaded${modelId === '' ? '' : ` (${modelId})`}. Pick a .gguf file or a kept model under Model and press Load model, then run again.`;
  // A stream whose first read fails: nothing is ever streamed.
  const doStream = (): AsyncIterable<ModelStreamPart> => ({
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new ModelError(message)) }),
  });
  return { provider: 'in-browser', modelId, doStream };
}
