// "Make a test": the shown, finished run becomes a test case in the Tests panel. The answer is visible at once:
// the Tests tab opens with the new case's name field focused, and the action notice says what was made.
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { announce } from '../common/announce';
import { secondaryButtonClass } from '../common/styles';
import { WhyDisabledButton } from '../common/why-disabled-button';
import { useLayout } from '../layout/layout-context';
import { testNameFieldId } from './test-case-ids';

export function MakeTestButton() {
  const phase = useLoupeStore((state) => state.runView.phase);
  const makeTest = useLoupeStore((state) => state.makeTest);
  const store = useLoupeStoreApi();
  const { showInSidebar } = useLayout();
  const onClick = async () => {
    if (!(await makeTest())) return;
    const testCase = store.getState().testSuite.cases.at(-1);
    if (testCase === undefined) return;
    announce(`Made the test “${testCase.name}”: it is open in Tests.`);
    showInSidebar('Tests', testNameFieldId(testCase.id));
  };
  return (
    <WhyDisabledButton
      className={secondaryButtonClass}
      whyDisabled={phase === 'ended' ? undefined : 'A test is made from a finished run: wait for this one to end'}
      onClick={() => void onClick()}
    >
      Make a test
    </WhyDisabledButton>
  );
}
