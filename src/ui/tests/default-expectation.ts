// A new expectation of each kind, to be filled in by the person.
import type { Expectation, ExpectationKind } from '../../suite/test-suite';

export const EXPECTATION_KINDS: { kind: ExpectationKind; label: string }[] = [
  { kind: 'tools-called', label: 'Tools called' },
  { kind: 'tool-input', label: 'Tool arguments' },
  { kind: 'tool-status', label: 'Tool result status' },
  { kind: 'no-tool-calls', label: 'No tool calls' },
  { kind: 'tool-path', label: 'Tool path across rounds' },
  { kind: 'final-answer', label: 'Final answer' },
  { kind: 'rubric', label: 'Rubric (model-graded)' },
  { kind: 'finish-reason', label: 'Finish reason' },
  { kind: 'max-rounds', label: 'Round budget' },
  { kind: 'max-cost', label: 'Cost budget' },
];

export function defaultExpectation(kind: ExpectationKind, firstTool: string): Expectation {
  switch (kind) {
    case 'tools-called':
      return { kind, tools: firstTool === '' ? [] : [firstTool], mode: 'in-order' };
    case 'tool-input':
      return { kind, tool: firstTool, match: { kind: 'schema', schema: { type: 'object' } }, calls: 'all' };
    case 'tool-status':
      return { kind, status: 'ok' };
    case 'no-tool-calls':
      return { kind, round: { kind: 'last' } };
    case 'tool-path':
      return { kind, steps: firstTool === '' ? [] : [[firstTool]], gaps: true };
    case 'final-answer':
      return { kind, match: { kind: 'contains', text: '' } };
    case 'rubric':
      return { kind, rubric: 'The answer is helpful and correct.' };
    case 'finish-reason':
      return { kind, reason: 'end_turn' };
    case 'max-rounds':
      return { kind, max: 5 };
    case 'max-cost':
      return { kind, usd: 0.05 };
  }
}
