// The pause, shown at the thing it holds: the round's request or reply, or the call's input or result.
// It scrolls into view and takes focus (the editor, or the panel when there is nothing to edit). Every round card
// and call asks whether the pause shows in it; the panel itself loads apart from the first paint.
import { useEffect } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { LoupeState } from '../../store/loupe-state';
import { lazyComponent } from '../common/lazy-component';
import { isAppCallPause, pauseShowsIn, type PauseSlot } from './pause-slot';
import { preloadJsonEditor } from '../json-editor/json-editor';

// Asked for once per page (preload keeps its promise): every card and call has pause slots, and each request of
// the chunk resolves the chunk's ~20 dependencies again (30 ms when an imported run mounted 30 cards at once).
const PausePanelBody = lazyComponent(() => import('./pause-panel-body'), 'PausePanelBody');

const noCards = { rounds: [], calls: [] };

function pendingIn(state: LoupeState, slot: PauseSlot): PausePoint | null {
  const { pending } = state.debug;
  if (pending === null || (state.runView.phase !== 'running' && !isAppCallPause(pending))) return null;
  const shown =
    slot === 'page'
      ? {
          rounds: state.runView.rounds.map((round) => round.round),
          calls: state.runView.rounds.flatMap((round) => [
            ...round.toolCalls.map((call) => call.callId),
            ...(round.appCalls ?? []).map((call) => call.callId),
          ]),
        }
      : noCards;
  return pauseShowsIn(pending, slot, shown) ? pending : null;
}

/** The pause as a panel in `slot`, or nothing when the pause (if any) shows elsewhere. */
export function PausePanel({ slot }: { slot: PauseSlot }) {
  const point = useLoupeStore((state) => pendingIn(state, slot));
  const canPause = useLoupeStore(
    (state) => state.debug.settings.stepMode || state.debug.settings.breakpoints.some((point) => point.enabled),
  );
  // Loaded once the page is up, so the first pause does not wait for it (a failed load shows at that pause).
  useEffect(() => void PausePanelBody.preload().catch(() => undefined), []);
  // Monaco too, once a run can pause: its editor then exists (and takes focus) when the pause shows.
  useEffect(() => {
    if (canPause && slot === 'page') preloadJsonEditor();
  }, [canPause, slot]);
  if (point === null) return null;
  // A new pause gets a fresh panel (editors, scroll, focus): keyed by the pause id.
  return <PausePanelBody key={point.pauseId} point={point} />;
}
