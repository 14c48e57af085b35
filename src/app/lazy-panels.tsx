// The panels the first paint does not need — the debugger's, the Servers, Tools and Tests tabs, run comparison,
// server requests — each loaded as its own chunk right after the page renders (npm run bench:bundle).
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
