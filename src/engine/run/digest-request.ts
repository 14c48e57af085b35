// Pure: what a model request held, for the round's events, without repeating the history. No I/O.
import type { RequestDigest } from '../event/run-event';
import type { Model, ModelRequest } from '../model/model';

/** The digest `round-start` and request edits carry for `request` sent to `model`. */
export function digestRequest(model: Pick<Model, 'modelId' | 'provider'>, request: ModelRequest): RequestDigest {
  const toolNames = request.tools.map((tool) => tool.name);
  const { system, temperature, toolChoice } = request;
  // Most requests set none of the optional fields: one literal then, not three spreads of literals per round.
  if (system === undefined && temperature === undefined && toolChoice === undefined)
    return {
      model: model.modelId,
      provider: model.provider,
      toolNames,
      messageCount: request.messages.length,
      maxTokens: request.maxTokens,
    };
  return {
    model: model.modelId,
    provider: model.provider,
    ...(system === undefined ? {} : { system }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    toolNames,
    messageCount: request.messages.length,
    maxTokens: request.maxTokens,
  };
}
