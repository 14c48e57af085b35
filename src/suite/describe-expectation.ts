// One line per expectation, for the Tests panel, the command line report and JUnit test names. Pure.
import type { Expectation, TextMatcher, ValueMatcher } from './test-suite';

function describeValue(matcher: ValueMatcher): string {
  switch (matcher.kind) {
    case 'exact':
      return `is ${JSON.stringify(matcher.value)}`;
    case 'schema':
      return `fits the schema ${JSON.stringify(matcher.schema)}`;
    case 'regex':
      return `matches /${matcher.pattern}/${matcher.flags ?? ''}`;
  }
}

function describeText(matcher: TextMatcher): string {
  return matcher.kind === 'contains'
    ? `contains "${matcher.text}"${matcher.caseSensitive === true ? ' (case-sensitive)' : ''}`
    : `matches /${matcher.pattern}/${matcher.flags ?? ''}`;
}

/** A short sentence saying what the expectation checks. */
export function describeExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'tools-called': {
      const modes = { 'in-order': 'in this order', exact: 'exactly', set: 'in any order' } as const;
      return `calls ${expectation.tools.join(' → ') || 'no tool'} (${modes[expectation.mode]})`;
    }
    case 'tool-input':
      return `${expectation.calls === 'all' ? 'every' : 'a'} ${expectation.tool} call's ${expectation.path ? `input.${expectation.path}` : 'input'} ${describeValue(expectation.match)}`;
    case 'tool-status':
      return `${expectation.tool === undefined ? 'every tool call' : `every ${expectation.tool} call`} ends ${expectation.status}`;
    case 'final-answer':
      return `the answer ${describeText(expectation.match)}`;
    case 'rubric':
      return `model-graded: ${expectation.rubric}`;
    case 'finish-reason':
      return `ends ${expectation.reason}`;
    case 'max-rounds':
      return `at most ${expectation.max} rounds`;
    case 'max-cost':
      return `costs at most $${expectation.usd}`;
  }
}
