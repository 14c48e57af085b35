// Plain words for where the loop stands and why it stopped.
import type { PauseDigest } from '../../engine/debug/debug-event';
import type { ApprovalScope, PauseDecision, PauseReason, StepMode } from '../../engine/debug/pause-point';

/**
 * "before the model request of round 2", "before demo__weather_get runs (round 1)", … `offset`: rounds a fork
 * inherited, so the number said is the one its card shows.
 */
export function describePausePoint(pause: Pick<PauseDigest, 'kind' | 'round' | 'name' | 'appOf'>, offset = 0): string {
  const round = pause.round + offset;
  // An MCP App's call: the app, not the model, reads its result.
  if (pause.appOf !== undefined && pause.kind === 'before-tool')
    return `before ${pause.name ?? 'a tool'} runs for its app (round ${round})`;
  if (pause.appOf !== undefined && pause.kind === 'after-tool')
    return `after ${pause.name ?? 'a tool'} returned, before its app sees it (round ${round})`;
  switch (pause.kind) {
    case 'before-request':
      return `before the model request of round ${round}`;
    case 'after-reply':
      return `after the model's reply in round ${round}`;
    case 'before-tool':
      return `before ${pause.name ?? 'a tool'} runs (round ${round})`;
    case 'after-tool':
      return `after ${pause.name ?? 'a tool'} returned, before the model sees it (round ${round})`;
    case 'before-compaction':
      return `before the history is compacted (after round ${round})`;
  }
}

export function describeReason(reason: PauseReason): string {
  switch (reason.kind) {
    case 'step':
      return 'step';
    case 'breakpoint':
      return `breakpoint: ${reason.label}`;
    case 'approval':
      return 'approval needed';
  }
}

export function describeMode(mode: StepMode): string {
  switch (mode) {
    case 'step':
      return 'stops at every point';
    case 'next-round':
      return 'stops before the next model request';
    case 'run':
      return 'stops at breakpoints and approvals';
  }
}

const answerWords: Record<PauseDecision['type'], string> = {
  continue: 'went on',
  stop: 'stopped the run',
  'edit-request': 'request edited',
  'edit-input': 'input edited',
  skip: 'skipped, result given by hand',
  deny: 'denied',
  'edit-result': 'result edited',
  'edit-summary': 'summary edited',
  'skip-compaction': 'compaction skipped',
};

const reachWords: Record<ApprovalScope, string> = { session: 'for the rest of the session', always: 'always' };

/**
 * How a person went on from a pause, e.g. "approved with edited input, for the rest of the session" or "denied, this
 * call only"; empty while it is held. For an approval the reach is always said (absent `remember`: this call only).
 */
export function describeAnswer(
  decision: PauseDecision['type'] | undefined,
  reasons: readonly PauseReason[],
  remember: ApprovalScope | undefined,
): string {
  if (decision === undefined) return '';
  const approval = reasons.some((reason) => reason.kind === 'approval');
  if (!approval) return answerWords[decision];
  const answer =
    decision === 'continue'
      ? 'approved'
      : decision === 'edit-input'
        ? 'approved with edited input'
        : answerWords[decision];
  const reached = decision === 'continue' || decision === 'edit-input' || decision === 'deny';
  return reached ? `${answer}, ${remember === undefined ? 'this call only' : reachWords[remember]}` : answer;
}
