// The Export menu's share files (issue 35): one HTML file of the shown run, and a HAR of its model calls with the
// MCP traffic of every server this page holds. Both are built in the worker from redacted copies.
import type { ServerTraffic } from '../../engine/har/traffic-to-har';
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

export async function exportHar(context: RunExportContext): Promise<void> {
  const state = context.store.getState();
  const exported = await state.exportTranscript();
  if (exported === null) return;
  // Each server's log as the page holds it (capped per server), its URL written as every export writes it.
  const traffic: ServerTraffic[] = state.servers.flatMap((server) => {
    const entries = state.mcpTraffic[server.id] ?? [];
    return entries.length === 0
      ? []
      : [{ name: server.name, url: redactUrl(server.url, server.secretPathSegments), entries }];
  });
  const text = await state.buildShareFile({
    type: 'share-file-build',
    format: 'har',
    transcripts: [exported],
    traffic,
  });
  if (text === null) return;
  // Headers are redacted by name in the worker; a key or credential echoed in a body is replaced here.
  const { value, replaced } = scrubSecretsDeep(text, collectExportSecrets(state));
  context.say(replaced === 0 ? undefined : redactedNotice(replaced));
  downloadText(value, `loupe-${shortId(exported.runId)}.har`, 'application/json');
}
