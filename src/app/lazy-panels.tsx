// The panels the first paint does not need — the debugger's, the Servers, Tools and Tests tabs, run comparison,
// server requests — each loaded as its own chunk right after the page renders (npm run bench:bundle).
import { useEffect, useState, type ReactNode } from 'react';
import { lazyComponent } from '../ui/common/lazy-component';

export const BranchBar = lazyComponent(() => import('../ui/debugger/branch-bar'), 'BranchBar');
export const BreakpointsPanel = lazyComponent(() => import('../ui/debugger/breakpoints-panel'), 'BreakpointsPanel');
export const ManualReplyPanel = lazyComponent(() => import('../ui/debugger/manual-reply-panel'), 'ManualReplyPanel');
export const PausePanel = lazyComponent(() => import('../ui/debugger/pause-panel'), 'PausePanel');
export const LoopPoliciesPanel = lazyComponent(() => import('../ui/policies/loop-policies-panel'), 'LoopPoliciesPanel');
export const MessagesSoFarPanel = lazyComponent(
  () => import('../ui/debugger/messages-so-far-panel'),
  'MessagesSoFarPanel',
);
export const McpRequestDialogs = lazyComponent(
  () => import('../ui/mcp-features/mcp-request-dialogs'),
  'McpRequestDialogs',
);
export const RunActions = lazyComponent(() => import('../ui/compare/run-actions'), 'RunActions');
export const TestsPanel = lazyComponent(() => import('../ui/tests/tests-panel'), 'TestsPanel');
export const ServersPanel = lazyComponent(() => import('../ui/servers/servers-panel'), 'ServersPanel');
export const ToolsPanel = lazyComponent(() => import('../ui/tools/tools-panel'), 'ToolsPanel');

let runPanels: Promise<unknown> | undefined;
let runPanelsLoaded = false;

/**
 * Shows `children` once the panels shown above the timeline when there is a run have their code (or failed to get
 * it); `app.tsx` puts those panels and the timeline inside. Rendered before, a panel suspends and React reveals it
 * up to 300 ms after its code comes (its Suspense throttle), after the rounds: a restored run on a busy machine was
 * scrolled into and then pushed down by the "Messages so far" panel's height. Rendered after, it renders at once,
 * in the same commit as the rounds. Waited for in an effect, not by suspending, which would hold back the
 * restored rounds by that throttle too.
 */
export function AfterRunPanels({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(runPanelsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    runPanels ??= Promise.allSettled(
      [BranchBar, MessagesSoFarPanel, ManualReplyPanel, RunActions].map((panel) => panel.preload()),
    ).then(() => {
      runPanelsLoaded = true;
    });
    void runPanels.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? children : null;
}
