// Finds a rule that can reach itself before reading a character: llama.cpp refuses such grammars. Pure.
import type { GbnfExpr, GbnfRules } from './gbnf-expr';

function isNullable(expr: GbnfExpr, nullable: ReadonlySet<string>): boolean {
  switch (expr.kind) {
    case 'literal':
      return expr.text === '';
    case 'class':
      return false;
    case 'ref':
      return nullable.has(expr.name);
    case 'seq':
      return expr.items.every((item) => isNullable(item, nullable));
    case 'alt':
      return expr.items.some((item) => isNullable(item, nullable));
    case 'repeat':
      return expr.min === 0 || isNullable(expr.item, nullable);
  }
}

/** The rules `expr` may call before it has read any character. */
function leadingRefs(expr: GbnfExpr, nullable: ReadonlySet<string>, into: Set<string>): void {
  switch (expr.kind) {
    case 'ref':
      into.add(expr.name);
      return;
    case 'seq':
      for (const item of expr.items) {
        leadingRefs(item, nullable, into);
        if (!isNullable(item, nullable)) return;
      }
      return;
    case 'alt':
      for (const item of expr.items) leadingRefs(item, nullable, into);
      return;
    case 'repeat':
      leadingRefs(expr.item, nullable, into);
      return;
    case 'literal':
    case 'class':
      return;
  }
}

/** The name of a left-recursive rule, or undefined when there is none. */
export function findLeftRecursion(rules: GbnfRules): string | undefined {
  const nullable = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, expr] of rules) {
      if (!nullable.has(name) && isNullable(expr, nullable)) {
        nullable.add(name);
        changed = true;
      }
    }
  }
  const edges = new Map<string, Set<string>>();
  for (const [name, expr] of rules) {
    const into = new Set<string>();
    leadingRefs(expr, nullable, into);
    edges.set(name, into);
  }
  // Iterative depth-first search: a hostile schema may make thousands of rules (no deep JS recursion).
  const state = new Map<string, 'open' | 'done'>();
  for (const start of rules.keys()) {
    if (state.has(start)) continue;
    const stack: [string, Iterator<string>][] = [[start, (edges.get(start) ?? new Set()).values()]];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top) break;
      const next = top[1].next();
      if (next.done) {
        state.set(top[0], 'done');
        stack.pop();
      } else if (state.get(next.value) === 'open') return next.value;
      else if (!state.has(next.value)) {
        state.set(next.value, 'open');
        stack.push([next.value, (edges.get(next.value) ?? new Set()).values()]);
      }
    }
  }
  return undefined;
}
