// Pure: a tool result whose one text block is JSON, edited as JSON and written back as text in the
// original's layout (compact stays compact), so an untouched value is the same text to the byte.
import type { ToolResultContentBlock } from '../../engine/message/message';

/** How the original text was laid out: compact, indented by N spaces or a tab, or some other way. */
export type JsonLayout = 'compact' | 2 | 4 | '\t' | 'as-typed';

export interface JsonResultText {
  /** The value, indented by two spaces, for the editor. */
  pretty: string;
  layout: JsonLayout;
}

/** The result's JSON, when it is exactly one text block whose text parses as JSON; null otherwise. */
export function readJsonResult(content: readonly ToolResultContentBlock[]): JsonResultText | null {
  const block = content.length === 1 ? content[0] : undefined;
  if (block?.type !== 'text' || block.text.trim() === '') return null;
  try {
    const value = JSON.parse(block.text) as unknown;
    const pretty = JSON.stringify(value, null, 2);
    const layouts: Exclude<JsonLayout, 'as-typed'>[] = ['compact', 2, 4, '\t'];
    const layout = layouts.find((candidate) => writeLayout(value, candidate) === block.text) ?? 'as-typed';
    return { pretty, layout };
  } catch {
    // Not JSON, or nested too deep to lay out again (JSON.stringify recurses): the raw blocks editor it is.
    return null;
  }
}

function writeLayout(value: unknown, layout: Exclude<JsonLayout, 'as-typed'>): string {
  return layout === 'compact' ? JSON.stringify(value) : JSON.stringify(value, null, layout);
}

/** The text the model reads for the edited JSON: `value` in the original's layout, or the text as typed. */
export function writeJsonResult(typed: string, value: unknown, layout: JsonLayout): string {
  return layout === 'as-typed' ? typed : writeLayout(value, layout);
}

/** The layout in words, for the line under the editor. */
export function describeLayout(layout: JsonLayout): string {
  switch (layout) {
    case 'compact':
      return 'on one line, as the tool wrote it';
    case 2:
    case 4:
      return `indented by ${layout} spaces, as the tool wrote it`;
    case '\t':
      return 'indented by tabs, as the tool wrote it';
    case 'as-typed':
      return 'exactly as typed here';
  }
}
