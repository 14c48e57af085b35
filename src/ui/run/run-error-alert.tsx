// When an error ends the run, say what went wrong and what to try, where the person is looking. Shown only then,
// so its body is a chunk of its own (not in the first load), asked for once the page is up.
import { useEffect } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { lazyComponent } from '../common/lazy-component';

const RunErrorBody = lazyComponent(() => import('./run-error-body'), 'RunErrorBody');

export function RunErrorAlert() {
  const error = useLoupeStore((state) => (state.runView.finishReason === 'error' ? state.runView.error : undefined));
  useEffect(() => void RunErrorBody.preload().catch(() => undefined), []);
  return error === undefined ? null : <RunErrorBody error={error} />;
}
