// The In-browser (GGUF) provider's model: the prompted track over the loaded GGUF, with the tool-call grammar
// when "Constrain tool calls to the schemas" is on (issue 40).
import type { Model } from '../../engine/model/model';
import { createGrammarConstrainedModel } from '../prompted/create-grammar-constrained-model';
import { createPromptedModel, type PromptedModelOptions } from '../prompted/create-prompted-model';
import { createGgufTextModel } from './create-gguf-text-model';
import type { GgufEngine } from './gguf-engine';

export interface InBrowserModelOptions extends PromptedModelOptions {
  /** The model file's name, shown as the model id. */
  modelId: string;
  /** Follow a grammar built from each request's tool schemas. */
  constrainToolCalls: boolean;
}

/**
 * Tools reach the model through Loupe's prompted track for every template: one call format, one parser, and
 * the grammar follows it. (The chat-template dialect readers in `../chat-formats/` are for a native track.)
 */
export function createInBrowserModel(engine: GgufEngine, options: InBrowserModelOptions): Model {
  const { modelId, constrainToolCalls, ...prompted } = options;
  if (!constrainToolCalls) return createPromptedModel(createGgufTextModel(engine, { modelId }), prompted);
  return createGrammarConstrainedModel(
    { provider: 'in-browser', modelId },
    (grammar) => createGgufTextModel(engine, { modelId, ...(grammar === undefined ? {} : { grammar }) }),
    prompted,
  );
}
