// Pure: what a provider would refuse in a tool list, each with the exact rule and the tools it concerns.
import { prepareSchemaRefs } from '../../shared/prepare-schema-refs';
import type { ToolRow } from './collect-tool-rows';

/** One rule the tool list breaks for the chosen provider. */
export interface ToolLimitProblem {
  id: 'count' | 'name' | 'schema';
  /** The provider's rule, exactly. */
  rule: string;
  /** What breaks it in this list. */
  detail: string;
  /** The keys of the tools switching off would fix it (for `count`: those past the limit, in list order). */
  keys: string[];
  /** The words of the one-click fix (switching `keys` off): "Send only the first 128", "Switch off this tool". */
  fix: string;
}

const switchOff = (tools: readonly unknown[]): string =>
  `Switch off ${tools.length === 1 ? 'this tool' : `these ${tools.length} tools`}`;

/** OpenAI's Chat Completions limit on `tools` (also VS Code's cap). */
export const OPENAI_MAX_TOOLS = 128;
/** Function names on OpenAI and tool names on Anthropic: letters, digits, `_` and `-`, 1–64 characters. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** Keywords OpenAI refuses at the top level of a function's parameters schema. */
const TOP_LEVEL_REFUSED = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'] as const;

/**
 * The limits `rows` (the enabled ones are sent) break for `provider`. OpenAI-compatible: at most 128 tools;
 * names `^[a-zA-Z0-9_-]+$`, at most 64 characters; parameters a JSON Schema of `type: "object"` without
 * `oneOf`/`anyOf`/`allOf`/`enum`/`not` at the top level. Anthropic: the same name rule, `input_schema` of type
 * `object`. Both take JSON Schema 2020-12 `$defs` with local `$ref`s (`#/$defs/…`, recursion through properties
 * included) as sent; neither follows a `$ref` to another document, so such a ref (and one pointing nowhere or
 * looping without reaching a value) is a problem. The demo model accepts anything.
 */
export function checkToolLimits(provider: string, rows: readonly ToolRow[]): ToolLimitProblem[] {
  if (provider !== 'openai-compatible' && provider !== 'anthropic') return [];
  const sent = rows.filter((row) => row.enabled);
  const problems: ToolLimitProblem[] = [];
  if (provider === 'openai-compatible' && sent.length > OPENAI_MAX_TOOLS)
    problems.push({
      id: 'count',
      rule: `OpenAI accepts at most ${OPENAI_MAX_TOOLS} tools in one request (tools: array too long).`,
      detail: `This run would send ${sent.length} tools, ${sent.length - OPENAI_MAX_TOOLS} more than it accepts.`,
      keys: sent.slice(OPENAI_MAX_TOOLS).map((row) => row.key),
      fix: `Send only the first ${OPENAI_MAX_TOOLS}`,
    });
  const badNames = sent.filter((row) => !TOOL_NAME_PATTERN.test(row.shown.name));
  if (badNames.length > 0)
    problems.push({
      id: 'name',
      rule: 'Tool names must match ^[a-zA-Z0-9_-]+$ and be at most 64 characters.',
      detail: `${badNames.length === 1 ? 'This name breaks' : 'These names break'} it: ${badNames.map((row) => row.shown.name).join(', ')}.`,
      keys: badNames.map((row) => row.key),
      fix: switchOff(badNames),
    });
  const badSchemas = sent.flatMap((row) => {
    const why = schemaProblem(provider, row.shown.inputSchema);
    return why === undefined ? [] : [{ row, why }];
  });
  if (badSchemas.length > 0)
    problems.push({
      id: 'schema',
      rule:
        provider === 'openai-compatible'
          ? 'Function parameters must be a JSON Schema of type "object", without oneOf, anyOf, allOf, enum or not at the top level; every $ref must point inside it (#/$defs/…).'
          : 'input_schema must be a JSON Schema of type "object"; every $ref must point inside it (#/$defs/…).',
      detail: badSchemas.map(({ row, why }) => `${row.shown.name}: ${why}`).join('; ') + '.',
      keys: badSchemas.map(({ row }) => row.key),
      fix: switchOff(badSchemas),
    });
  return problems;
}

function schemaProblem(provider: string, schema: Record<string, unknown>): string | undefined {
  if (schema['type'] !== 'object') return `its type is ${JSON.stringify(schema['type'] ?? null)}`;
  const refs = refProblem(schema);
  if (refs !== undefined) return refs;
  if (provider !== 'openai-compatible') return undefined;
  const refused = TOP_LEVEL_REFUSED.filter((keyword) => keyword in schema);
  return refused.length === 0 ? undefined : `${refused.join(', ')} at the top level`;
}

function refProblem(schema: Record<string, unknown>): string | undefined {
  const prepared = prepareSchemaRefs(schema);
  // Too large for Loupe to check is not a provider's refusal.
  if (!prepared.ok) return undefined;
  const first = prepared.unfollowed[0];
  if (first === undefined) return undefined;
  const what = { remote: 'names another document', missing: 'points to nothing', cycle: 'loops back' }[first.why];
  return `$ref "${first.ref}" ${what}`;
}
