// Checks a person's answer to a pause before the loop sees it: the decision must fit the pause, an edit be valid.
import { findRequestPatchProblems } from '../engine/debug/apply-request-patch';
import type { PauseDecision, PausePoint } from '../engine/debug/pause-point';
import { validateToolInput } from './validate-tool-input';

/** A decision must fit the pause it answers; an edit is checked before the loop sees it. */
export function checkPauseDecision(point: PausePoint, decision: PauseDecision): void {
  const fits: Record<PauseDecision['type'], PausePoint['kind'][]> = {
    continue: ['before-request', 'after-reply', 'before-tool', 'after-tool', 'before-compaction'],
    stop: ['before-request', 'after-reply', 'before-tool', 'after-tool', 'before-compaction'],
    'edit-request': ['before-request'],
    'edit-input': ['before-tool'],
    skip: ['before-tool'],
    deny: ['before-tool'],
    'edit-result': ['after-tool'],
    'edit-summary': ['before-compaction'],
    'skip-compaction': ['before-compaction'],
  };
  if (!fits[decision.type].includes(point.kind)) {
    throw new Error(`'${decision.type}' does not apply to a pause ${point.kind}.`);
  }
  if (decision.type === 'edit-request') {
    const problems = findRequestPatchProblems(decision.patch);
    if (problems.length > 0) throw new Error(`The edited request cannot be sent: ${problems.join(' ')}`);
  }
  if (decision.type === 'edit-input') {
    const isObject = typeof decision.input === 'object' && decision.input !== null && !Array.isArray(decision.input);
    if (!isObject) throw new Error('The input must be a JSON object.');
    const problem =
      point.kind === 'before-tool' && point.inputSchema
        ? validateToolInput(point.inputSchema, decision.input)
        : undefined;
    if (problem !== undefined) throw new Error(problem);
  }
  if (decision.type === 'edit-summary') {
    if (point.kind === 'before-compaction' && point.compaction.summary === undefined) {
      throw new Error('This compaction only trims: it has no summary to edit. Apply or skip it.');
    }
    if (decision.summary.trim() === '') throw new Error('Write a summary, or skip the compaction.');
  }
  if ((decision.type === 'edit-result' || decision.type === 'skip') && decision.content.length === 0) {
    throw new Error('Give the result some content (text or JSON).');
  }
}
