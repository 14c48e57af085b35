// What the provider would refuse in the tool list, each problem with its one-click fix (turning the tools off):
// the Tools tab's budget and the notice below Run show the same list.
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { ToolLimitProblem } from '../../store/tools/check-tool-limits';
import { smallButtonClass } from '../common/styles';

/** Each problem's rule, its detail, and a button that turns off the tools it names. */
export function ToolLimitFixes({ problems }: { problems: readonly ToolLimitProblem[] }) {
  const setToolEnabled = useLoupeStore((state) => state.setToolEnabled);
  return problems.map((problem) => (
    <div key={problem.id}>
      <p className="font-medium">{problem.rule}</p>
      <p>{problem.detail}</p>
      <button
        type="button"
        className={`${smallButtonClass} mt-1`}
        onClick={() => problem.keys.forEach((key) => setToolEnabled(key, false))}
      >
        {problem.fix}
      </button>
    </div>
  ));
}
