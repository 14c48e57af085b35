// Pure: a round's export (curl, snippets, JSON body) built from rounds whose secrets are replaced by REDACTED.
// Loaded with the export builders on the first export, like them.
import { scrubSecretsDeep } from '../../shared/scrub-secrets';
import { collectExportSecrets } from '../../store/collect-export-secrets';
import { buildRoundExport, type ExportFormat, type RoundExport } from './build-round-export';
import type { RoundRecordSource } from './find-sent-request';
import { redactedNotice, type SecretSource } from './redact-export';

/**
 * `buildRoundExport` over rounds whose secrets are replaced by `REDACTED`; when that changed the export, its
 * notes say so (the curl, snippet and JSON body are built from the redacted request).
 */
export function buildRedactedRoundExport(
  rounds: readonly RoundRecordSource[],
  round: number,
  format: ExportFormat,
  shownRound: number,
  source: SecretSource,
): RoundExport {
  const { value: redacted, replaced } = scrubSecretsDeep(rounds, collectExportSecrets(source));
  const result = buildRoundExport(redacted, round, format, shownRound);
  if (replaced === 0 || !result.ok) return result;
  const plain = buildRoundExport(rounds, round, format, shownRound);
  if (plain.ok && plain.text === result.text) return result;
  return { ...result, notes: [...result.notes, redactedNotice(countIn(plain.ok ? plain.text : '', result.text))] };
}

/** How many `REDACTED` the redacted text gained over the plain one (at least one: they differ). */
function countIn(plain: string, redacted: string): number {
  const count = (text: string) => text.split('REDACTED').length - 1;
  return Math.max(1, count(redacted) - count(plain));
}
