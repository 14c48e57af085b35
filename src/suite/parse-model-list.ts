// The models of a "Run ×N", as the person types them: `model` (the case's provider), `provider/model`, or
// `provider/model@base URL` for an OpenAI-compatible server of its own, comma-separated. Pure.
import type { TestModel } from './test-suite';

const PROVIDERS = ['demo', 'anthropic', 'openai-compatible'] as const;

/** One entry, or a sentence saying what is wrong with it. */
export function parseModelEntry(entry: string, caseModel: TestModel): TestModel | string {
  const [head = '', ...rest] = entry.split(/@(?=https?:\/\/)/);
  const baseUrl = rest.join('@');
  const slash = head.indexOf('/');
  const named = PROVIDERS.find((provider) => head.slice(0, slash) === provider);
  // A bare id (model ids may hold a slash, like OpenRouter's) runs on the case's own provider and endpoint.
  if (named === undefined) {
    if (baseUrl !== '') return `"${entry}": name the provider before a base URL (openai-compatible/model@URL).`;
    return { ...caseModel, model: head };
  }
  const model = head.slice(slash + 1);
  if (model === '') return `"${entry}" names no model.`;
  if (baseUrl !== '' && named !== 'openai-compatible')
    return `"${entry}": only an OpenAI-compatible model takes its own base URL.`;
  if (named === caseModel.provider && baseUrl === '') return { ...caseModel, model };
  return { provider: named, model, ...(baseUrl === '' ? {} : { baseUrl }) };
}

/** Every entry of a comma-separated list (empty entries ignored), or the first problem. */
export function parseModelList(text: string, caseModel: TestModel): TestModel[] | string {
  const models: TestModel[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const model = parseModelEntry(entry, caseModel);
    if (typeof model === 'string') return model;
    models.push(model);
  }
  return models;
}
