// Builds the grammar a sampler follows so a reply is plain text or one well-formed call to a listed tool
// with arguments valid for its schema (issue 40). Pure.
import type { ToolDefinition } from '../../engine/model/model';
import { compileToolArguments, SchemaGrammarError } from './compile-schema-to-gbnf';
import { findLeftRecursion } from './find-left-recursion';
import { alt, literal, optional, ref, repeat, renderGbnf, seq, type GbnfExpr, type GbnfRules } from './gbnf-expr';
import { addJsonValueRules, JSON_RULE } from './json-value-rules';

/** How a call is written: the object's keys and what surrounds it (a chat template's markers). */
export interface ToolCallFormat {
  /** Written before the call's JSON object, e.g. `<tool_call>\n` (Hermes/Qwen). */
  prefix: string;
  /** Written after it, e.g. `\n</tool_call>`. */
  suffix: string;
  /** The key of the arguments object: `arguments` (most) or `parameters` (Llama 3.x). */
  argumentsKey: 'arguments' | 'parameters';
}

/** Loupe's prompted track: a bare `{"name": …, "arguments": {…}}` (src/providers/prompted/). */
export const PROMPTED_CALL_FORMAT: ToolCallFormat = { prefix: '', suffix: '', argumentsKey: 'arguments' };

export interface ToolCallGrammarOptions {
  format?: ToolCallFormat;
  /** No text alternative: the reply must be a call (tool_choice `any` or one named tool). */
  requireCall?: boolean;
  /** Only this tool may be called (tool_choice `tool`). */
  onlyTool?: string;
}

export interface ToolCallGrammar {
  /** The grammar in llama.cpp's GBNF. */
  gbnf: string;
  /** What the grammar does not enforce, in plain words, per tool. */
  notes: string[];
}

/** Bounds on the whole grammar: past them there is no grammar (the caller says so and runs unconstrained). */
export const GRAMMAR_LIMITS = { tools: 128, chars: 256_000 } as const;

/** A rule-name fragment from a tool name: llama.cpp rule names are `[a-zA-Z0-9-]+`. */
function ruleName(index: number, toolName: string): string {
  const cleaned = toolName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 24);
  return cleaned === '' ? `t${index}` : `t${index}-${cleaned}`;
}

function compileArguments(tool: ToolDefinition, prefix: string, notes: string[]): { rules: GbnfRules; expr: GbnfExpr } {
  try {
    const compiled = compileToolArguments(tool.input_schema, prefix);
    const recursive = findLeftRecursion(new Map([...compiled.rules, ['probe', compiled.expr]]));
    if (recursive !== undefined)
      throw new SchemaGrammarError('its schema refers to itself before any value is written');
    for (const note of compiled.notes) notes.push(`${tool.name}: ${note}`);
    return compiled;
  } catch (error) {
    if (!(error instanceof SchemaGrammarError)) throw error;
    notes.push(`${tool.name}: arguments are not constrained beyond "a JSON object" because ${error.message}`);
    return { rules: new Map(), expr: ref(JSON_RULE.object) };
  }
}

/**
 * The grammar for `tools`, or a reason there is none (no tools, or past `GRAMMAR_LIMITS`). Plain text may not
 * begin with `{` or the format's first character, so text can never be mistaken for a call; each call is
 * `{"name": "<listed tool>", "<arguments key>": <arguments>}` with properties in the schema's order.
 */
export function buildToolCallGrammar(
  tools: readonly ToolDefinition[],
  options: ToolCallGrammarOptions = {},
): ToolCallGrammar | { refused: string } {
  const format = options.format ?? PROMPTED_CALL_FORMAT;
  const callable = options.onlyTool === undefined ? tools : tools.filter((tool) => tool.name === options.onlyTool);
  if (callable.length === 0) return { refused: 'there is no tool to call' };
  if (callable.length > GRAMMAR_LIMITS.tools) return { refused: `more than ${GRAMMAR_LIMITS.tools} tools` };
  const rules: GbnfRules = new Map();
  addJsonValueRules(rules);
  const notes: string[] = [];
  const ws = ref(JSON_RULE.ws);
  const calls = callable.map((tool, index) => {
    const prefix = ruleName(index, tool.name);
    const compiled = compileArguments(tool, prefix, notes);
    for (const [name, expr] of compiled.rules) rules.set(name, expr);
    const name = `${prefix}-call`;
    rules.set(
      name,
      seq(
        literal('"name"'),
        ws,
        literal(':'),
        ws,
        literal(JSON.stringify(tool.name)),
        ws,
        literal(','),
        ws,
        literal(JSON.stringify(format.argumentsKey)),
        ws,
        literal(':'),
        ws,
        compiled.expr,
      ),
    );
    return ref(name);
  });
  rules.set(
    'call',
    seq(literal(format.prefix), literal('{'), ws, alt(...calls), ws, literal('}'), literal(format.suffix)),
  );
  const first = [...new Set(['{', ...(format.prefix === '' ? [] : [format.prefix[0] ?? '{'])])].map((char) => {
    const code = char.codePointAt(0) ?? 0;
    return [code, code] as const;
  });
  rules.set(
    'text',
    seq(
      { kind: 'class', negated: true, ranges: [...first, [0, 0]] },
      repeat({ kind: 'class', negated: true, ranges: [[0, 0]] }, 0),
    ),
  );
  rules.set('root', options.requireCall ? ref('call') : alt(ref('call'), optional(ref('text'))));
  const gbnf = renderGbnf(rules);
  if (gbnf.length > GRAMMAR_LIMITS.chars)
    return { refused: `the grammar would be longer than ${GRAMMAR_LIMITS.chars} characters` };
  return { gbnf, notes };
}
