// Renders a GGUF's Jinja chat template with @huggingface/jinja (the engine transformers.js uses), bounded:
// the template is text from a file anyone can make, so its size, the work it does and what it writes are
// capped, and every failure is a value, never a throw or a hang. Pure apart from the one-time hook below.
import { Environment, Interpreter, Template } from '@huggingface/jinja';

/** The bounds a template renders within. */
export const TEMPLATE_LIMITS = {
  /** Characters of template source; real chat templates are 0.5–20 KB. */
  sourceChars: 100_000,
  /**
   * Expressions and statements evaluated in one render. A 100-message tool conversation with 40 tools takes
   * 4,000–14,000 with the Qwen, Hermes, Llama and Mistral templates (about 7 µs each on a loaded 2-core
   * machine), so this leaves room for far longer runs and stops a runaway template within a second or two.
   */
  steps: 50_000,
  /** Characters of any one value (the prompt included). */
  valueChars: 4_000_000,
  /** Items `range()` may make. */
  rangeItems: 10_000,
} as const;

export type RenderResult = { text: string } | { error: string };

/** Steps left in the render under way (renders are synchronous, so one counter is enough). */
let budget: { steps: number } | undefined;

/**
 * Counts every evaluation against the render's budget and refuses oversized values. Installed once on the
 * library's interpreter; outside our renders (`budget` unset) it only passes through.
 */
function installBudgetHook(): void {
  const prototype = Interpreter.prototype as unknown as {
    evaluate: (this: unknown, ...args: unknown[]) => { value?: unknown };
    loupeBudgeted?: true;
  };
  if (prototype.loupeBudgeted) return;
  const evaluate = prototype.evaluate;
  prototype.evaluate = function (this: unknown, ...args: unknown[]) {
    if (budget !== undefined && --budget.steps < 0) throw new TemplateLimitError('it runs too long');
    const result = evaluate.apply(this, args);
    const value = result?.value;
    if (budget !== undefined && typeof value === 'string' && value.length > TEMPLATE_LIMITS.valueChars)
      throw new TemplateLimitError('it writes too much');
    return result;
  };
  prototype.loupeBudgeted = true;
}

class TemplateLimitError extends Error {}

/** Python's `range`, refusing to make more than `rangeItems` numbers (a loop over `range(10**9)`). */
function boundedRange(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  if (step === 0) throw new Error('range() step must not be zero');
  const count = Math.max(0, Math.ceil((to - from) / step));
  if (!Number.isFinite(count) || count > TEMPLATE_LIMITS.rangeItems) throw new TemplateLimitError('it loops too long');
  return Array.from({ length: count }, (_, index) => from + index * step);
}

/**
 * Renders `source` with `context` (messages, tools, add_generation_prompt, bos_token, …). A template that is not
 * a string, too long, does not parse, raises, or passes a bound gives `{ error }` saying which.
 */
export function renderJinjaTemplate(source: unknown, context: Record<string, unknown>): RenderResult {
  if (typeof source !== 'string') return { error: 'the chat template is not text' };
  if (source.length > TEMPLATE_LIMITS.sourceChars)
    return { error: `the chat template is longer than ${TEMPLATE_LIMITS.sourceChars.toLocaleString('en')} characters` };
  installBudgetHook();
  let template: Template;
  try {
    // Jinja drops one trailing newline of a template by default (keep_trailing_newline=False).
    template = new Template(source.endsWith('\n') ? source.slice(0, -1) : source);
  } catch (error) {
    return { error: `the chat template does not parse: ${messageOf(error)}` };
  }
  // The library's own globals, with `range` bounded and no clock (`strftime_now` stays undefined, so templates
  // use the `date_string` the caller passes).
  const environment = new Environment();
  const globals: Record<string, unknown> = {
    false: false,
    true: true,
    none: null,
    False: false,
    True: true,
    None: null,
    raise_exception: raiseException,
    range: boundedRange,
    ...context,
  };
  budget = { steps: TEMPLATE_LIMITS.steps };
  try {
    for (const [name, value] of Object.entries(globals)) environment.set(name, value);
    const result = new Interpreter(environment).run(template.parsed) as { value: unknown };
    return typeof result.value === 'string' ? { text: result.value } : { error: 'the chat template wrote no text' };
  } catch (error) {
    if (error instanceof TemplateLimitError) return { error: `the chat template was stopped: ${error.message}` };
    return { error: `the chat template failed: ${messageOf(error)}` };
  } finally {
    budget = undefined;
  }
}

function raiseException(message: unknown): never {
  throw new Error(String(message));
}

function messageOf(error: unknown): string {
  // A stack overflow from a macro that calls itself is a RangeError: said plainly.
  if (error instanceof RangeError) return 'it recurses or grows without end';
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
