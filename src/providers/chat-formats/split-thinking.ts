// Separates `<think>…</think>` reasoning from the rest of a reply (Qwen3, DeepSeek-R1 and their distills). Pure.

/** `thinking` is the reasoning (trimmed), `rest` what follows it. */
export interface SplitThinking {
  thinking?: string;
  rest: string;
}

/**
 * Reads reasoning at the start of `raw`. A reply holding `</think>` with no `<think>` before it is reasoning up
 * to that tag: templates such as DeepSeek-R1's write the opening tag into the prompt. An unclosed `<think>`
 * (the reply was cut) is all reasoning.
 */
export function splitThinking(raw: string): SplitThinking {
  const open = raw.indexOf('<think>');
  const close = raw.indexOf('</think>');
  const startsWithOpen = open !== -1 && raw.slice(0, open).trim() === '';
  if (startsWithOpen) {
    const end = raw.indexOf('</think>', open);
    if (end === -1) return { thinking: raw.slice(open + 7).trim(), rest: '' };
    return { thinking: raw.slice(open + 7, end).trim(), rest: raw.slice(end + 8).replace(/^\s+/, '') };
  }
  if (close !== -1 && (open === -1 || open > close)) {
    return { thinking: raw.slice(0, close).trim(), rest: raw.slice(close + 8).replace(/^\s+/, '') };
  }
  return { rest: raw };
}
