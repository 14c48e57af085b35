// Sends each run this tab owns to Settings → Telemetry → OTLP endpoint when it ends. The send runs in the
// worker (it holds the run's log and the MCP requests behind its calls); this side decides when, and says a
// failure once: a collector that stays down would otherwise raise an alert at every run.
import type { EngineClient } from '../client/engine-client';
import type { LoupeState } from './loupe-state';
import { collectExportSecrets } from './collect-export-secrets';

/** What it reads of the store: the settings, whether this tab runs the session, the servers' secrets, the alerts. */
export type TelemetryState = Pick<LoupeState, 'settings' | 'servers' | 'sessionAccess' | 'pushAlert'>;

/** Subscribes to `client`; returns the unsubscribe. */
export function sendRunTelemetry(client: EngineClient, getState: () => TelemetryState): () => void {
  // The endpoint whose failure was last shown: silent until a send there succeeds or the endpoint changes.
  let failedEndpoint: string | null = null;
  return client.subscribe((message) => {
    if (message.type !== 'run-event' || message.event.type !== 'run-end') return;
    const state = getState();
    const { endpoint, headers, includeContent } = state.settings.telemetry;
    // A tab that does not own the session does not run it: the owner sends.
    if (endpoint.trim() === '' || state.sessionAccess !== 'owner') return;
    const command = {
      type: 'otlp-send',
      runId: message.runId,
      endpoint,
      headers,
      content: includeContent,
      secrets: collectExportSecrets(state),
    } as const;
    void client
      .send(command)
      .catch((error: unknown) => ({
        ok: false as const,
        reason: error instanceof Error ? error.message : String(error),
      }))
      .then((result) => {
        if (result.ok) {
          if (failedEndpoint === endpoint) failedEndpoint = null;
          return;
        }
        if (failedEndpoint === endpoint) return;
        failedEndpoint = endpoint;
        getState().pushAlert(
          `Telemetry not sent: ${result.reason} Runs go on; this is shown once until a send succeeds.`,
        );
      });
  });
}
