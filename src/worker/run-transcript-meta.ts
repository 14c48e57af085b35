// The one place that says what a run's transcript records besides its events: the app, the settings and the
// servers, for a run this worker starts, a run it loads from storage, and any run it is asked to export.
import type { RunEvent } from '../engine/event/run-event';
import type { Model } from '../engine/model/model';
import { buildTranscript, type TranscriptMeta } from '../engine/transcript/build-transcript';
import type { Transcript } from '../engine/transcript/transcript';
import type { ServerConfig, RunSettings } from '../protocol/settings';
import { resolveLoopPolicies } from '../shared/loop-policies';
import { redactUrl } from '../shared/redact-url';
import { recordBaseUrl, recordModelSettings } from './record-model-settings';
import type { RunRecord, RunRegistry } from './run-registry';

/** The `app` every transcript this engine writes names (a run's, an import's, a converted request's). */
export function transcriptApp(version: string): TranscriptMeta['app'] {
  return { name: 'Loupe', version };
}

/** What a run record keeps for its transcript. */
export type RunMeta = Pick<RunRecord, 'createdAt' | 'settings' | 'servers'>;

/** The meta of a run started here: the model that answers it, its settings without secrets, the servers it sees. */
export function startedRunMeta(
  model: Pick<Model, 'provider' | 'modelId'>,
  settings: RunSettings,
  connected: readonly { config: ServerConfig }[],
  now: number,
): RunMeta {
  return {
    createdAt: new Date(now).toISOString(),
    settings: {
      provider: model.provider,
      model: model.modelId,
      ...recordBaseUrl(settings),
      maxRounds: settings.maxRounds,
      maxTokens: settings.maxTokens,
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...recordModelSettings(settings),
      policies: resolveLoopPolicies(settings.policies),
    },
    servers: connected.map(({ config }) => ({
      name: config.name,
      url: redactUrl(config.url, config.secretPathSegments),
      instructionsIncluded: config.includeInstructions,
    })),
  };
}

/** A stored live run's meta, from its own events (the session keeps no copy of the worker's). */
export function derivedRunMeta(events: readonly RunEvent[], now: number): RunMeta {
  const start = events.find((event) => event.type === 'run-start');
  const round = events.find((event) => event.type === 'round-start');
  const request = round?.type === 'round-start' ? round.request : undefined;
  return {
    createdAt: new Date(start?.type === 'run-start' ? start.at : now).toISOString(),
    settings: {
      provider: request?.provider ?? 'unknown',
      model: request?.model ?? 'unknown',
      maxRounds: start?.type === 'run-start' ? start.maxRounds : 1,
      maxTokens: request?.maxTokens ?? 4096,
      ...(request?.temperature === undefined ? {} : { temperature: request.temperature }),
    },
    servers: [],
  };
}

/** The transcripts of the runs a worker keeps, all with the same `app`. */
export interface RunTranscripts {
  app: TranscriptMeta['app'];
  metaOf: (runId: string) => TranscriptMeta;
  transcriptOf: (runId: string) => Transcript;
}

export function createRunTranscripts(runs: RunRegistry, appVersion: string): RunTranscripts {
  const app = transcriptApp(appVersion);
  const metaOf = (runId: string): TranscriptMeta => {
    const { createdAt, settings, servers } = runs.get(runId);
    return { createdAt, app, settings, servers };
  };
  return { app, metaOf, transcriptOf: (runId) => buildTranscript(runs.get(runId).events, metaOf(runId)) };
}
