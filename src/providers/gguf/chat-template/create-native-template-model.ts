// The In-browser model's native track: the request rendered with the model's own chat template (tools and
// tool traffic as the model was trained on them), the reply read back with its family's call reader, and,
// with "Constrain tool calls to the schemas" on, a grammar in that same call format. Pure: the runtime is
// behind `GgufEngine`.
import type { Model, ModelRequest, ModelStreamPart } from '../../../engine/model/model';
import { parseToolCallReply } from '../../chat-formats/parse-tool-call-reply';
import { buildToolCallGrammar } from '../../grammar/build-tool-call-grammar';
import { createGgufTextModel } from '../create-gguf-text-model';
import type { GgufEngine } from '../gguf-engine';
import { detectChatFormat, STOP_STRINGS } from '../render-chat-prompt';
import type { ToolTemplate } from './read-tool-template';
import { renderNativePrompt } from './render-native-prompt';

export interface NativeTemplateModelOptions {
  modelId: string;
  constrainToolCalls: boolean;
  /** Ids for the calls read from the model's text. */
  createId: () => string;
  /** Today's date as the templates print it ("26 Jul 2024"). */
  dateString: () => string;
  /** Where a request goes when the template cannot render it: Loupe's prompted track over the same engine. */
  fallback: Model;
}

/** A failure that does not depend on the conversation (the raise of a template may). */
function isLimitError(error: string): boolean {
  return !error.startsWith('the chat template failed:');
}

/** The grammar for this request's calls in the template's format, with what it says about itself. */
function grammarFor(request: ModelRequest, family: ToolTemplate): { gbnf?: string; notice?: string } {
  const choice = request.toolChoice;
  const built = buildToolCallGrammar(request.tools, {
    format: family.callFormat,
    requireCall: choice?.type === 'any' || choice?.type === 'tool',
    ...(choice?.type === 'tool' ? { onlyTool: choice.name } : {}),
  });
  if ('refused' in built) return { notice: `Tool calls are not constrained this round: ${built.refused}.` };
  const notice =
    built.notes.length > 0
      ? `The tool-call grammar does not enforce everything: ${built.notes.join('; ')}.`
      : undefined;
  return { gbnf: built.gbnf, ...(notice === undefined ? {} : { notice }) };
}

export function createNativeTemplateModel(
  engine: GgufEngine,
  chatTemplate: string,
  family: ToolTemplate,
  options: NativeTemplateModelOptions,
): Model {
  const stop = [...new Set([...STOP_STRINGS[detectChatFormat(chatTemplate)], family.eosToken])];
  // A template stopped at a bound is stopped again by the next request: it is not tried again.
  let unusable: string | undefined;

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    const rendered =
      unusable === undefined
        ? renderNativePrompt(chatTemplate, family, request, {
            ...(engine.bosToken === undefined ? {} : { bosToken: engine.bosToken }),
            ...(engine.eosToken === undefined ? {} : { eosToken: engine.eosToken }),
            dateString: options.dateString(),
          })
        : { error: unusable };
    if ('error' in rendered) {
      if (isLimitError(rendered.error)) unusable = rendered.error;
      yield {
        type: 'notice',
        message: `The model's own chat template could not be used (${rendered.error}); this round uses Loupe's prompted track.`,
      };
      yield* options.fallback.doStream(request, signal);
      return;
    }
    const withTools = request.tools.length > 0 && request.toolChoice?.type !== 'none';
    const grammar = withTools && options.constrainToolCalls ? grammarFor(request, family) : {};
    if (grammar.notice !== undefined) yield { type: 'notice', message: grammar.notice };
    const inner = createGgufTextModel(engine, {
      modelId: options.modelId,
      renderPrompt: () => ({ prompt: rendered.prompt, stop }),
      ...(grammar.gbnf === undefined ? {} : { grammar: grammar.gbnf }),
    });
    if (!withTools) {
      yield* inner.doStream(request, signal);
      return;
    }
    yield* readCalls(inner.doStream(request, signal), family, options.createId);
  }

  return { provider: 'in-browser', modelId: options.modelId, doStream };
}

/**
 * Passes thinking through as it streams and holds the reply's text until it is complete (a call cannot be
 * told from text earlier); then writes the text, one `tool_use` per call read, and the stop reason.
 */
async function* readCalls(
  parts: AsyncIterable<ModelStreamPart>,
  family: ToolTemplate,
  createId: () => string,
): AsyncGenerator<ModelStreamPart> {
  let text = '';
  let next = 0;
  const held = new Set<number>();
  try {
    yield* readUntilEnd();
  } catch (error) {
    // Keep what was written, as a native model's half-streamed text is kept (ENGINE-SPEC §23).
    if (text !== '') {
      yield { type: 'text-start', index: next };
      yield { type: 'text-delta', index: next, text };
    }
    throw error;
  }

  async function* readUntilEnd(): AsyncGenerator<ModelStreamPart> {
    for await (const part of parts) {
      if ('index' in part) next = Math.max(next, part.index + 1);
      if (part.type === 'text-start' || part.type === 'text-delta') {
        held.add(part.index);
        if (part.type === 'text-delta') text += part.text;
        continue;
      }
      if (part.type === 'block-end' && held.has(part.index)) continue;
      if (part.type !== 'response-end') {
        yield part;
        continue;
      }
      const reply = parseToolCallReply(text, family.dialect);
      if (reply.text !== '' || reply.calls.length === 0) {
        yield { type: 'text-start', index: next };
        if (reply.text !== '') yield { type: 'text-delta', index: next, text: reply.text };
        yield { type: 'block-end', index: next };
        next += 1;
      }
      for (const call of reply.calls) {
        yield { type: 'tool-use-start', index: next, id: createId(), name: call.name };
        yield { type: 'tool-input-delta', index: next, partialJson: JSON.stringify(call.arguments) };
        yield { type: 'block-end', index: next };
        next += 1;
      }
      for (const problem of reply.problems) yield { type: 'notice', message: problem };
      yield { ...part, stopReason: reply.calls.length > 0 ? 'tool_use' : part.stopReason };
      return;
    }
  }
}
