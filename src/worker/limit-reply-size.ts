// Bounds what one model reply may hold, for every provider the person points at a server (the Demo model is
// scripted): a reply whose text, thinking or tool input grows without end ends the round with a plain error
// instead of growing the page, the store and the transcript without end.
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '../engine/model/model';
import { describeLimit } from '../providers/stream-limits';

/**
 * The most characters one reply may hold, all its blocks together: 8 Mi. The largest output any model offers today
 * is in the hundreds of thousands of tokens (about 4 characters each: ~1–2 Mi characters), so a real reply stays
 * well inside it; a page holding much more is already slow to render, store and export.
 */
export const MAX_REPLY_CHARS = 8 * 1024 * 1024;

/** The characters a part adds to the reply (text, thinking, signatures, redacted data, tool input, API blocks). */
function charsOf(part: ModelStreamPart): number {
  switch (part.type) {
    case 'text-delta':
      return part.text.length;
    case 'thinking-delta':
      return part.thinking.length;
    case 'signature-delta':
      return part.signature.length;
    case 'redacted-thinking':
      return part.data.length;
    case 'tool-input-delta':
      return part.partialJson.length;
    case 'tool-use-start':
      return part.id.length + part.name.length;
    case 'api-block':
      // Once per block, which is already bounded by the SSE event bound: its JSON is what the reply keeps.
      return JSON.stringify(part.block).length;
    case 'citation':
      return JSON.stringify(part.citation).length;
    case 'request-sent':
    case 'response-start':
    case 'text-start':
    case 'thinking-start':
    case 'block-end':
    case 'notice':
    case 'response-end':
      return 0;
  }
}

/**
 * `model` whose replies end with a `ModelError` once their content passes `maxChars` characters. The part that
 * passes the bound is not passed on, and the provider's stream is closed (its connection cancelled).
 */
export function limitReplySize(model: Model, maxChars = MAX_REPLY_CHARS): Model {
  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    let chars = 0;
    for await (const part of model.doStream(request, signal)) {
      chars += charsOf(part);
      if (chars > maxChars)
        throw new ModelError(
          `${describeLimit('The reply', maxChars, 'characters')} (text, thinking and tool input together): Loupe stopped reading it. Lower the max tokens or ask for a shorter answer.`,
        );
      yield part;
    }
  }
  const countTokens = model.countTokens?.bind(model);
  return {
    provider: model.provider,
    modelId: model.modelId,
    doStream,
    ...(countTokens === undefined ? {} : { countTokens }),
  };
}
