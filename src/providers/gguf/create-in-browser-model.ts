// The In-browser (GGUF) provider's model: the model's own chat template when it takes tools (Qwen, Hermes,
// Llama 3.x, Mistral), Loupe's prompted track otherwise; with "Constrain tool calls to the schemas" on, a
// grammar in whichever call format the model is prompted in (issue 40).
import type { Model } from '../../engine/model/model';
import { createGrammarConstrainedModel } from '../prompted/create-grammar-constrained-model';
import { createPromptedModel, type PromptedModelOptions } from '../prompted/create-prompted-model';
import { createNativeTemplateModel } from './chat-template/create-native-template-model';
import { readToolTemplate } from './chat-template/read-tool-template';
import { createGgufTextModel } from './create-gguf-text-model';
import type { GgufEngine } from './gguf-engine';

export interface InBrowserModelOptions extends PromptedModelOptions {
  /** The model file's name, shown as the model id. */
  modelId: string;
  /** Follow a grammar built from each request's tool schemas. */
  constrainToolCalls: boolean;
  /**
   * `native` (default): the model's own chat template when it takes tools, else the prompted track.
   * `prompted`: always Loupe's prompted track (tools described in the system prompt).
   */
  toolTrack?: 'native' | 'prompted';
  /** Today's date as chat templates print it; default: the clock's, e.g. "4 Dec 2026". */
  dateString?: () => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const today = (): string => {
  const now = new Date();
  return `${now.getUTCDate()} ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
};

function createPromptedTrack(engine: GgufEngine, options: InBrowserModelOptions): Model {
  const { modelId, constrainToolCalls } = options;
  const prompted = options.createId === undefined ? {} : { createId: options.createId };
  if (!constrainToolCalls) return createPromptedModel(createGgufTextModel(engine, { modelId }), prompted);
  return createGrammarConstrainedModel(
    { provider: 'in-browser', modelId },
    (grammar) => createGgufTextModel(engine, { modelId, ...(grammar === undefined ? {} : { grammar }) }),
    prompted,
  );
}

const randomId = (): string => `toolu_gguf_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/**
 * The model over a loaded GGUF. A template that takes tools renders every request itself; when it cannot
 * render one (it raises, or passes the render bounds of `render-jinja-template.ts`) that request goes through
 * the prompted track with a notice, so a hostile template never stops a run.
 */
export function createInBrowserModel(engine: GgufEngine, options: InBrowserModelOptions): Model {
  const prompted = createPromptedTrack(engine, options);
  const family = options.toolTrack === 'prompted' ? undefined : readToolTemplate(engine.chatTemplate);
  if (family === undefined || engine.chatTemplate === null) return prompted;
  return createNativeTemplateModel(engine, engine.chatTemplate, family, {
    modelId: options.modelId,
    constrainToolCalls: options.constrainToolCalls,
    createId: options.createId ?? randomId,
    dateString: options.dateString ?? today,
    fallback: prompted,
  });
}
