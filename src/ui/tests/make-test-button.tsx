// "Make a test": the shown, finished run becomes a test case in the Tests panel.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { secondaryButtonClass } from '../common/styles';

export function MakeTestButton() {
  const phase = useLoupeStore((state) => state.runView.phase);
  const makeTest = useLoupeStore((state) => state.makeTest);
  const onClick = async () => {
    if (await makeTest())
      document.getElementById('tests-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <button type="button" className={secondaryButtonClass} disabled={phase !== 'ended'} onClick={() => void onClick()}>
      Make a test
    </button>
  );
}
