// JSON for people: pretty when it parses, as written when it does not (e.g. still streaming).

/** Pretty-printed JSON of `text` when it parses to an object or array; otherwise undefined. */
export function prettyJsonText(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return undefined;
  }
}

/** What to show for a call's input: the parsed input when known, else the partial JSON streamed so far. */
export function describeToolInput(input: Record<string, unknown> | undefined, partialJson: string): string {
  if (input !== undefined) return JSON.stringify(input, null, 2);
  return prettyJsonText(partialJson) ?? partialJson;
}
