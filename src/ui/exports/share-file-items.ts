// The Export menu's share files (issue 35): one HTML file of the shown run, and a HAR of a run's or the session's
// model calls with the MCP traffic of one server or all. Both are built in the worker from redacted copies.
import type { HarScope } from '../../engine/har/har-scope';
import type { ServerTraffic } from '../../engine/har/traffic-to-har';
import type { Transcript } from '../../engine/transcript/transcript';
import { redactUrl } from '../../shared/redact-url';
import { scrubSecretsDeep } from '../../shared/scrub-secrets';
import { collectExportSecrets } from '../../store/collect-export-secrets';
import { downloadText } from '../transcript/download-json';
import { redactedNotice, redactTranscript } from './redact-export';
import type { RunExportContext } from './run-export-context';

const shortId = (runId: string) => runId.slice(0, 8);

export async function exportHtmlFile(context: RunExportContext): Promise<void> {
  const state = context.store.getState();
  const exported = await state.exportTranscript();
  if (exported === null) return;
  const { transcript, notice } = redactTranscript(exported, state);
  context.say(notice);
  const html = await state.buildShareFile({ type: 'share-file-build', format: 'html', transcript });
  if (html !== null) downloadText(html, `loupe-${shortId(transcript.runId)}.html`, 'text/html');
}

/**
 * The HAR of `scope`: the shown run's model calls or every session run's, with the MCP traffic of one server or all
 * (for a run, the worker keeps only the traffic inside its time).
 */
export async function exportHar(context: RunExportContext, scope: HarScope): Promise<void> {
  const state = context.store.getState();
  const runIds = scope.runs === 'run' ? [state.runView.runId] : state.sessionRuns.map((run) => run.runId);
  const transcripts: Transcript[] = [];
  for (const runId of runIds) {
    if (runId === null) continue;
    const transcript = await state.exportTranscriptOf(runId);
    if (transcript !== null) transcripts.push(transcript);
  }
  const first = transcripts[0];
  if (first === undefined) return;
  // Each server's log as the page holds it (capped per server), its URL written as every export writes it.
  const traffic: ServerTraffic[] = state.servers.flatMap((server) => {
    const entries = state.mcpTraffic[server.id] ?? [];
    return entries.length === 0 || (scope.server !== undefined && server.name !== scope.server)
      ? []
      : [{ name: server.name, url: redactUrl(server.url, server.secretPathSegments), entries }];
  });
  const text = await state.buildShareFile({ type: 'share-file-build', format: 'har', transcripts, traffic, scope });
  if (text === null) return;
  // Headers are redacted by name in the worker; a key or credential echoed in a body is replaced here.
  const { value, replaced } = scrubSecretsDeep(text, collectExportSecrets(state));
  context.say(replaced === 0 ? undefined : redactedNotice(replaced));
  const suffix = scope.runs === 'session' ? '-session' : '';
  downloadText(value, `loupe-${shortId(first.runId)}${suffix}.har`, 'application/json');
}
