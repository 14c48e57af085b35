// Pure: one round's request as curl, a TypeScript or Python program, or the raw JSON body.
import { buildCurlCommand } from './build-curl-command';
import { buildPythonSnippet } from './build-python-snippet';
import { buildTypescriptSnippet } from './build-typescript-snippet';
import { describeSentRequest } from './describe-sent-request';
import { findSentRequest, type RoundRecordSource } from './find-sent-request';

import type { ExportFormat } from './export-formats';

export { EXPORT_FORMAT_LABELS, type ExportFormat } from './export-formats';

/** The export's text and the notes to show with it, or why there is nothing to export. */
export type RoundExport = { ok: true; text: string; notes: string[] } | { ok: false; reason: string };

/**
 * Round `round`'s recorded request in `format`, from the run's rounds (only those up to `round` are read).
 * `shownRound`: the number the snippets' comments say (a fork's rounds keep the original run's numbers).
 */
export function buildRoundExport(
  rounds: readonly RoundRecordSource[],
  round: number,
  format: ExportFormat,
  shownRound = round,
): RoundExport {
  const found = findSentRequest(rounds, round);
  if (found.kind === 'none') return { ok: false, reason: found.reason };
  const described = describeSentRequest(found.api, found.request);
  if (!described.ok) return described;
  const request = described.request;
  switch (format) {
    case 'curl':
      return { ok: true, text: buildCurlCommand(request), notes: request.notes };
    case 'json':
      return { ok: true, text: `${JSON.stringify(request.body, null, 2)}\n`, notes: request.notes };
    case 'typescript': {
      const snippet = buildTypescriptSnippet(request, shownRound);
      return snippet.ok ? { ...snippet, notes: request.notes } : snippet;
    }
    case 'python': {
      const snippet = buildPythonSnippet(request, shownRound);
      return snippet.ok ? { ...snippet, notes: request.notes } : snippet;
    }
  }
}
