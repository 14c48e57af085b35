// A tool definition being edited as text, and what is wrong with it; pure, shared by both tool dialogs.
import { checkToolDefinition } from '../../protocol/check-tool-definition';

export interface ToolDraftText {
  name: string;
  description: string;
  schemaText: string;
}

export type CheckedDraft =
  | { ok: true; name: string; description: string; inputSchema: Record<string, unknown> }
  | { ok: false; problems: string[] };

/** Parses the schema text and checks the whole definition against the meta-schema and provider limits. */
export function checkToolDraft(draft: ToolDraftText, takenNames: readonly string[]): CheckedDraft {
  let inputSchema: unknown;
  try {
    inputSchema = JSON.parse(draft.schemaText) as unknown;
  } catch (error) {
    return { ok: false, problems: [`Input schema: not valid JSON (${error instanceof Error ? error.message : ''}).`] };
  }
  const definition = { name: draft.name.trim(), description: draft.description, inputSchema };
  const problems = checkToolDefinition(definition, takenNames);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, ...definition, inputSchema: inputSchema as Record<string, unknown> };
}

/** The text a definition is shown and diffed as. */
export function formatToolDefinition(definition: { name: string; description: string; inputSchema: unknown }): string {
  return `name: ${definition.name}\ndescription: ${definition.description}\ninputSchema: ${JSON.stringify(definition.inputSchema, null, 2)}`;
}
