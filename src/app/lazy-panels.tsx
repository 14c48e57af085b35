// The panels the first paint does not need — the debugger's, the Servers, Tools and Tests tabs, run comparison,
// server requests — each loaded as its own chunk right after the page renders (npm run bench:bundle).
import { lazyComponent } from '../ui/common/lazy-component';
import { createLoadGate } from '../ui/common/load-gate';
import { preloadVirtualRounds } from '../ui/timeline/virtual-rounds';

export const BranchBar = lazyComponent(() => import('../ui/debugger/branch-bar'), 'BranchBar');
export const BreakpointsPanel = lazyComponent(() => import('../ui/debugger/breakpoints-panel'), 'BreakpointsPanel');
export const ManualReplyPanel = lazyComponent(() => import('../ui/debugger/manual-reply-panel'), 'ManualReplyPanel');
export const PausePanel = lazyComponent(() => import('../ui/debugger/pause-panel'), 'PausePanel');
export const LoopPoliciesPanel = lazyComponent(() => import('../ui/policies/loop-policies-panel'), 'LoopPoliciesPanel');
export const MessagesSoFarPanel = lazyComponent(
  () => import('../ui/debugger/messages-so-far-panel'),
  'MessagesSoFarPanel',
);
// Empty until a resource, a prompt's image or a skill is attached to the next message.
export const AttachmentsBar = lazyComponent(() => import('../ui/mcp-features/attachments-bar'), 'AttachmentsBar');
export const McpRequestDialogs = lazyComponent(
  () => import('../ui/mcp-features/mcp-request-dialogs'),
  'McpRequestDialogs',
);
export const RunActions = lazyComponent(() => import('../ui/compare/run-actions'), 'RunActions');
export const TelemetrySettings = lazyComponent(() => import('../ui/settings/telemetry-settings'), 'TelemetrySettings');
export const TestsPanel = lazyComponent(() => import('../ui/tests/tests-panel'), 'TestsPanel');
export const ServersPanel = lazyComponent(() => import('../ui/servers/servers-panel'), 'ServersPanel');
export const ToolsPanel = lazyComponent(() => import('../ui/tools/tools-panel'), 'ToolsPanel');
export const MemoryPanel = lazyComponent(() => import('../ui/memory/memory-panel'), 'MemoryPanel');
// Shown only once something happened — a restored or imported session, a failed run, a docked protocol log, a
// run's rounds (the outline): none is there at first paint (issue 16's first-load budget).
export const SessionNotice = lazyComponent(() => import('../ui/sessions/session-notice'), 'SessionNotice');
export const RunErrorAlert = lazyComponent<object, 'RunErrorAlert'>(
  () => import('../ui/run/run-error-alert'),
  'RunErrorAlert',
);
export const OutlinePane = lazyComponent(() => import('../ui/layout/outline-pane'), 'OutlinePane');
export const ProtocolLogDock = lazyComponent(() => import('../ui/layout/protocol-log-dock'), 'ProtocolLogDock');

/**
 * Shows `children` once the panels shown above the timeline when there is a run have their code (or failed to get
 * it); `app.tsx` puts those panels and the timeline inside. Rendered before, a panel suspends and React reveals it
 * up to 300 ms after its code comes (its Suspense throttle), after the rounds: a restored run on a busy machine was
 * scrolled into and then pushed down by the "Messages so far" panel's height. Rendered after, it renders at once,
 * in the same commit as the rounds.
 */
export const AfterRunPanels = createLoadGate(
  // The session notice stands above the gate but is waited for too: a restored run's tail and its "Restoring"
  // notice come in one update, and on a busy machine the whole run could replace the tail before the notice's
  // code came, so the notice was never shown.
  [
    ...[BranchBar, MessagesSoFarPanel, ManualReplyPanel, RunActions, RunErrorAlert, SessionNotice].map(
      (panel) => () => panel.preload(),
    ),
    // The timeline's virtualised list: come after the first rounds, it would remount their cards.
    preloadVirtualRounds,
  ],
);
