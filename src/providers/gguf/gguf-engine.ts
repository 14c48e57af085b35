// The seam between the in-browser provider and the llama.cpp runtime: a raw completion over a loaded model.
// Real: wllama (create-wllama-engine.ts). Test double: a scripted engine. Pure types.

/** One raw completion: the rendered prompt in, text pieces out. */
export interface GgufCompletionRequest {
  prompt: string;
  maxTokens: number;
  temperature?: number;
  /** GBNF the sampler follows (src/providers/grammar/). */
  grammar?: string;
  /** Strings that end the reply (the template's end-of-turn marker). */
  stop: string[];
  signal: AbortSignal;
}

/** What a completion ends with: tokens read and written, and why it stopped. */
export interface GgufCompletionEnd {
  promptTokens: number;
  outputTokens: number;
  finishReason: 'stop' | 'length';
}

export type GgufCompletionPiece = { type: 'text'; text: string } | { type: 'end'; end: GgufCompletionEnd };

/** A loaded model. `complete` stops within one token of `signal` aborting and then rejects with an AbortError. */
export interface GgufEngine {
  /** The model's Jinja chat template (`tokenizer.chat_template`), or null when the file has none. */
  readonly chatTemplate: string | null;
  /** The model's begin- and end-of-text tokens as text, when the runtime tells them (templates print them). */
  readonly bosToken?: string;
  readonly eosToken?: string;
  complete(request: GgufCompletionRequest): AsyncIterable<GgufCompletionPiece>;
}
