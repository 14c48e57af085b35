// The prompted track with a grammar: the model is told the tools in its system prompt and its sampler can
// only write plain text or one schema-valid call (issue 40, "Constrain tool calls to the schemas").
import type { Model, ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { buildToolCallGrammar, PROMPTED_CALL_FORMAT } from '../grammar/build-tool-call-grammar';
import { createPromptedModel, type PromptedModelOptions } from './create-prompted-model';

/** Makes the model for one request, given the grammar its reply must follow (undefined: none). */
export type GrammarModelFactory = (grammar: string | undefined) => Model;

/**
 * A `Model` over `createInner`: each request's tools become a GBNF grammar (src/providers/grammar/) for the
 * prompted track's call format, so a call always parses and names a listed tool with valid arguments. A
 * grammar cannot be built (past its bounds): the request goes unconstrained and a notice says why; what the
 * grammar does not enforce (patterns, formats) is a notice once per request as well.
 */
export function createGrammarConstrainedModel(
  identity: { provider: string; modelId: string },
  createInner: GrammarModelFactory,
  options: PromptedModelOptions = {},
): Model {
  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    const choice = request.toolChoice;
    const withTools = request.tools.length > 0 && choice?.type !== 'none';
    const built = withTools
      ? buildToolCallGrammar(request.tools, {
          format: PROMPTED_CALL_FORMAT,
          requireCall: choice?.type === 'any' || choice?.type === 'tool',
          ...(choice?.type === 'tool' ? { onlyTool: choice.name } : {}),
        })
      : undefined;
    if (built !== undefined && 'refused' in built) {
      yield { type: 'notice', message: `Tool calls are not constrained this round: ${built.refused}.` };
    } else if (built !== undefined && built.notes.length > 0) {
      yield {
        type: 'notice',
        message: `The tool-call grammar does not enforce everything: ${built.notes.join('; ')}.`,
      };
    }
    const grammar = built !== undefined && 'gbnf' in built ? built.gbnf : undefined;
    yield* createPromptedModel(createInner(grammar), options).doStream(request, signal);
  }
  return { ...identity, doStream };
}
