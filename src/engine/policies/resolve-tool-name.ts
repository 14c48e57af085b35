// Pure: which tool a model's tool name means (ENGINE-SPEC rule 16). No I/O.
import type { Tool } from '../tool/tool';

/** The tool a name resolves to (`caseFixed` when only a case-insensitive match found it), or why none does. */
export type ResolvedToolName = { ok: true; tool: Tool; caseFixed: boolean } | { ok: false; message: string };

/**
 * Resolves `name` among `tools`: an exact match; else the one tool whose name matches ignoring case;
 * else an error naming every available tool, so the model can correct itself.
 */
export function resolveToolName(name: string, tools: readonly Tool[]): ResolvedToolName {
  const exact = tools.find((tool) => tool.name === name);
  if (exact !== undefined) return { ok: true, tool: exact, caseFixed: false };
  const lower = name.toLowerCase();
  const loose = tools.filter((tool) => tool.name.toLowerCase() === lower);
  if (loose.length === 1 && loose[0] !== undefined) return { ok: true, tool: loose[0], caseFixed: true };
  const available = tools.map((tool) => tool.name).join(', ') || '(none)';
  return { ok: false, message: `Tool '${name}' is not available. Available tools: ${available}` };
}
