// Pure: what a model request held, for the round's events, without repeating the history. No I/O.
import type { RequestDigest } from '../event/run-event';
import type { Model, ModelRequest } from '../model/model';

/** The digest `round-start` and request edits carry for `request` sent to `model`. */
export function digestRequest(model: Pick<Model, 'modelId' | 'provider'>, request: ModelRequest): RequestDigest {
  return {
    model: model.modelId,
    provider: model.provider,
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
    toolNames: request.tools.map((tool) => tool.name),
    messageCount: request.messages.length,
    maxTokens: request.maxTokens,
  };
}
