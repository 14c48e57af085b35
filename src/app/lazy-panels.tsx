// The panels the first paint does not need — the debugger's, the Servers, Tools and Tests tabs, run comparison,
// server requests — each loaded as its own chunk right after the page renders (npm run bench:bundle).
import { use, type ReactNode, type ReactPromise } from 'react';
import { lazyComponent, trackForUse } from '../ui/common/lazy-component';

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

let runPanels: ReactPromise<unknown> | undefined;

/**
 * Shows `children` once the panels shown above the timeline when there is a run have their code (or failed to get
 * it), so none of them comes in late and pushes the rounds down under a reader: a restored run shown before the
 * "Messages so far" chunk came (a busy machine) moved the round being read down by that panel's height. They load
 * as the page starts, and a run is shown later than that but for such a race.
 */
export function AfterRunPanels({ children }: { children: ReactNode }) {
  runPanels ??= trackForUse(
    Promise.allSettled([BranchBar, MessagesSoFarPanel, ManualReplyPanel, RunActions].map((panel) => panel.preload())),
  );
  use(runPanels);
  return children;
}
