// At an approval pause: approve once, for this tool in this session, always; deny once or for good.
// A wider answer first updates the approval settings (so the next call of the tool goes on by itself), then
// answers the pause with `remember` so the run's events record how far the answer reached.
import { useState } from 'react';
import type { ApprovalScope, PauseDecision, ToolApproval } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';

interface ApprovalChoicesProps {
  toolName: string;
  /** What approving sends: the call as shown (continue) or with the edited input. */
  approval: Extract<PauseDecision, { type: 'continue' | 'edit-input' }>;
  /** The edit does not validate: approving is not possible until it does. */
  blocked: boolean;
  edited: boolean;
}

export function ApprovalChoices({ toolName, approval, blocked, edited }: ApprovalChoicesProps) {
  const [denyReason, setDenyReason] = useState('');
  const resolvePause = useLoupeStore((state) => state.resolvePause);
  const settings = useLoupeStore((state) => state.debug.settings.approval);
  const update = useLoupeStore((state) => state.updateDebugSettings);

  const remember = (scope: ApprovalScope, setting: ToolApproval): void => {
    const key = scope === 'session' ? 'session' : 'tools';
    update({ approval: { ...settings, [key]: { ...(settings[key] ?? {}), [toolName]: setting } } });
  };
  const approve = (scope?: ApprovalScope): void => {
    if (scope !== undefined) remember(scope, 'auto');
    void resolvePause(scope === undefined ? approval : { ...approval, remember: scope });
  };
  const deny = (scope?: ApprovalScope): void => {
    if (scope !== undefined) remember(scope, 'deny');
    const decision: PauseDecision = { type: 'deny', message: denyReason };
    void resolvePause(scope === undefined ? decision : { ...decision, remember: scope });
  };

  return (
    <div
      role="group"
      aria-label="Approval"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50/60 p-2 dark:border-amber-500/40 dark:bg-amber-500/5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={primaryButtonClass} onClick={() => approve()} disabled={blocked}>
          {edited ? 'Approve edited input' : 'Approve'}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => approve('session')}
          disabled={blocked}
          title={`Run ${toolName} without asking until this page is closed or reloaded`}
        >
          Allow for this session
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => approve('always')}
          disabled={blocked}
          title={`Never ask about ${toolName} again (remembered on this device; change it under Breakpoints)`}
        >
          Always allow
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Reason for denying (the model reads it)" className="min-w-48 flex-1">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={denyReason}
              onChange={(event) => setDenyReason(event.target.value)}
            />
          )}
        </Field>
        <button type="button" className={secondaryButtonClass} onClick={() => deny()}>
          Deny
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => deny('always')}
          title={`Deny ${toolName} now and every time after (remembered on this device; change it under Breakpoints)`}
        >
          Deny and remember
        </button>
      </div>
    </div>
  );
}
