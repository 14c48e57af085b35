// The page: composes the header, the run column (leading) and the settings sidebar. No logic of its own.
import { AlertList } from '../ui/alerts/alert-list';
import { ErrorBoundary } from '../ui/common/error-boundary';
import { Composer } from '../ui/composer/composer';
import { RunStatus } from '../ui/run/run-status';
import { SettingsPanel } from '../ui/settings/settings-panel';
import { ThemeToggle } from '../ui/theme/theme-toggle';
import { Timeline } from '../ui/timeline/timeline';
import { ExportTranscriptButton } from '../ui/transcript/export-transcript-button';
import { ImportTranscriptButton } from '../ui/transcript/import-transcript-button';
import { OpenRequestButton } from '../ui/share/open-request-button';
import { SessionsButton } from '../ui/sessions/sessions-drawer';
import { SessionColumn } from '../ui/sessions/session-column';
import { DebuggerBar } from '../ui/debugger/debugger-bar';
import {
  AfterRunPanels,
  AttachmentsBar,
  BranchBar,
  BreakpointsPanel,
  LoopPoliciesPanel,
  ManualReplyPanel,
  MemoryPanel,
  McpRequestDialogs,
  MessagesSoFarPanel,
  OutlinePane,
  PausePanel,
  ProtocolLogDock,
  RunActions,
  RunErrorAlert,
  SessionNotice,
  TelemetrySettings,
  ServersPanel,
  TestsPanel,
  ToolsPanel,
} from './lazy-panels';
import { ProtocolLogButton } from '../ui/layout/protocol-log-button';
import { Sidebar, SidebarTab } from '../ui/layout/sidebar';
import { SkipLink } from '../ui/layout/skip-link';
import { AppHeader } from '../ui/layout/app-header';
import { TimelineBeforeRun } from '../ui/timeline/timeline-before-run';
import { ActionNoticeHost } from '../ui/common/action-notice-host';

export function App() {
  return (
    <div className="min-h-screen">
      <SkipLink />
      <AppHeader
        actions={
          <>
            <ErrorBoundary label="Sessions">
              <SessionsButton />
            </ErrorBoundary>
            <ErrorBoundary label="Import transcript">
              <ImportTranscriptButton />
            </ErrorBoundary>
            <ErrorBoundary label="Open a request">
              <OpenRequestButton />
            </ErrorBoundary>
            <ErrorBoundary label="The protocol log">
              <ProtocolLogButton />
            </ErrorBoundary>
            <ErrorBoundary label="Export transcript">
              <ExportTranscriptButton />
            </ErrorBoundary>
          </>
        }
        end={
          <ErrorBoundary label="The theme toggle">
            <ThemeToggle />
          </ErrorBoundary>
        }
      />
      {/* The run leads: the message, the debugger and the timeline first (in reading and tab order); the settings
          sidebar beside it on wide screens (scrolling on its own, foldable), below it on narrow ones. */}
      <main className="mx-auto grid max-w-[1600px] grid-cols-[minmax(0,1fr)] gap-4 px-4 py-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)] lg:items-start lg:has-[#sidebar-panels[hidden]]:grid-cols-[minmax(0,1fr)_auto]">
        <SessionColumn className="min-w-0 space-y-4">
          <ErrorBoundary label="The alerts">
            <AlertList />
          </ErrorBoundary>
          <ErrorBoundary label="The session notice">
            <SessionNotice />
          </ErrorBoundary>
          <ErrorBoundary label="The message box">
            <Composer />
          </ErrorBoundary>
          <ErrorBoundary label="The attachments">
            <AttachmentsBar />
          </ErrorBoundary>
          <ErrorBoundary label="A server request">
            <McpRequestDialogs />
          </ErrorBoundary>
          <ErrorBoundary label="The debugger bar">
            <DebuggerBar />
          </ErrorBoundary>
          <ErrorBoundary label="The run status">
            <RunStatus />
          </ErrorBoundary>
          {/* The run's panels and the timeline appear together, once the panels' code is there: none comes in late
              and pushes the rounds down under a reader. */}
          <AfterRunPanels fallback={<TimelineBeforeRun />}>
            <ErrorBoundary label="The run actions">
              <RunActions />
            </ErrorBoundary>
            <ErrorBoundary label="The run error">
              <RunErrorAlert />
            </ErrorBoundary>
            <ErrorBoundary label="The branch bar">
              <BranchBar />
            </ErrorBoundary>
            <ErrorBoundary label="Messages so far">
              <MessagesSoFarPanel />
            </ErrorBoundary>
            <ErrorBoundary label="The pause panel">
              <PausePanel slot="page" />
            </ErrorBoundary>
            <ErrorBoundary label="The manual reply panel">
              <ManualReplyPanel />
            </ErrorBoundary>
            <ErrorBoundary label="The timeline">
              <Timeline />
            </ErrorBoundary>
          </AfterRunPanels>
        </SessionColumn>
        <Sidebar
          outline={
            <ErrorBoundary label="The outline">
              <OutlinePane />
            </ErrorBoundary>
          }
        >
          <SidebarTab name="Settings">
            <ErrorBoundary label="The Settings panel">
              <SettingsPanel />
            </ErrorBoundary>
            <ErrorBoundary label="The Telemetry settings">
              <TelemetrySettings />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Servers">
            <ErrorBoundary label="The Servers panel">
              <ServersPanel />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Tools">
            <ErrorBoundary label="The Tools panel">
              <ToolsPanel />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Breakpoints">
            <ErrorBoundary label="The Breakpoints panel">
              <BreakpointsPanel />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Policies">
            <ErrorBoundary label="The Loop policies panel">
              <LoopPoliciesPanel />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Memory">
            <ErrorBoundary label="The Memory panel">
              <MemoryPanel />
            </ErrorBoundary>
          </SidebarTab>
          <SidebarTab name="Tests">
            <ErrorBoundary label="The Tests panel">
              <TestsPanel />
            </ErrorBoundary>
          </SidebarTab>
        </Sidebar>
      </main>
      <ErrorBoundary label="The protocol log dock">
        <ProtocolLogDock />
      </ErrorBoundary>
      <ActionNoticeHost />
    </div>
  );
}
