// Run pressed with a tool list the provider would refuse: nothing was sent; the problems and their one-click fixes
// (the Tools tab's, from check-tool-limits.ts) stand below Run until the list is fixed or the notice is closed.
import { useMemo } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { findRunToolProblems } from '../../store/tools/find-run-tool-problems';
import { smallButtonClass } from '../common/styles';
import { ToolLimitFixes } from '../tools/tool-limit-fixes';

const warningClass =
  'rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200 space-y-1.5';

export function RunToolLimits() {
  const servers = useLoupeStore((state) => state.servers);
  const serverStates = useLoupeStore((state) => state.serverStates);
  const toolSelection = useLoupeStore((state) => state.toolSelection);
  const settings = useLoupeStore((state) => state.settings);
  const dismiss = useLoupeStore((state) => state.dismissToolLimitsAtRun);
  const problems = useMemo(
    () => findRunToolProblems({ servers, serverStates, toolSelection, settings }),
    [servers, serverStates, toolSelection, settings],
  );

  if (problems.length === 0)
    return (
      <div role="status" aria-label="Run refused" className={warningClass}>
        <p>The tool list is within the provider&apos;s limits now: press Run to send it.</p>
        <button type="button" className={smallButtonClass} onClick={dismiss}>
          Close
        </button>
      </div>
    );
  return (
    <div role="alert" aria-label="Run refused" className={warningClass}>
      <p className="font-medium">
        Nothing was sent: the provider would refuse this tool list. Fix it here (or in the Tools tab), then press Run.
      </p>
      <ToolLimitFixes problems={problems} />
      <button type="button" className={smallButtonClass} onClick={dismiss}>
        Close
      </button>
    </div>
  );
}
