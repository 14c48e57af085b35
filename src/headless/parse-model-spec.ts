// `--model provider/model[@baseUrl]`: one model of a side-by-side run, as the person typed it. Pure.

/** A model named on the command line; its base URL (if any) is the person's, so their key may go there. */
export interface ModelSpec {
  /** `in-browser`: a GGUF file run in this process; `model` is its path. */
  provider: 'demo' | 'anthropic' | 'openai-compatible' | 'in-browser';
  model: string;
  baseUrl?: string;
}

/** Reads `provider/model`, optionally `@http(s)://…` after it, or a sentence saying what is wrong. */
export function parseModelSpec(text: string | undefined, option: string): ModelSpec | string {
  const usage = `${option} takes provider/model (p: demo, anthropic, openai-compatible), optionally @<base URL>, e.g. anthropic/claude-sonnet-4-5 or openai-compatible/llama3@http://localhost:11434/v1, or in-browser/<path to a .gguf file>.`;
  // A GGUF file's path is taken whole: it may hold slashes and @.
  if (text?.startsWith('in-browser/')) {
    const path = text.slice('in-browser/'.length);
    return path.trim() === ''
      ? `${option}: in-browser/ takes the path of a .gguf file.`
      : { provider: 'in-browser', model: path };
  }
  const match = /^(demo|anthropic|openai-compatible)\/(.+?)(?:@(https?:\/\/\S+))?$/.exec(text ?? '');
  const [, provider, model, baseUrl] = match ?? [];
  if (provider === undefined || model === undefined || model.trim() === '') return usage;
  if (baseUrl !== undefined) {
    if (provider === 'demo') return `${option}: the demo model takes no base URL.`;
    try {
      new URL(baseUrl);
    } catch {
      return usage;
    }
  }
  return {
    provider: provider as ModelSpec['provider'],
    model,
    ...(baseUrl === undefined ? {} : { baseUrl }),
  };
}
