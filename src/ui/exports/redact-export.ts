// Pure: what leaves Loupe as a file or on the clipboard carries none of the person's secrets. The run keeps
// what the model and tools really said (a model may echo the key, a tool may print a header); only the copy
// that goes out is redacted, and the person is told when that changed anything.
import type { Transcript } from '../../engine/transcript/transcript';
import { scrubSecretsDeep } from '../../shared/scrub-secrets';
import { collectExportSecrets } from '../../store/collect-export-secrets';

/** Where the secrets come from: the store's settings and servers. */
export type SecretSource = Parameters<typeof collectExportSecrets>[0];

/** The short notice shown with an export whose content had to be redacted. */
export function redactedNotice(replaced: number): string {
  const where = replaced === 1 ? 'one place' : `${replaced} places`;
  return `Your API key or a server credential appeared in this run (${where}); the export writes REDACTED instead. The run itself is unchanged.`;
}

/** `transcript` with the person's secrets replaced by `REDACTED`, and the notice to show if any were. */
export function redactTranscript(
  transcript: Transcript,
  source: SecretSource,
): { transcript: Transcript; notice?: string } {
  const { value, replaced } = scrubSecretsDeep(transcript, collectExportSecrets(source));
  return replaced === 0 ? { transcript } : { transcript: value, notice: redactedNotice(replaced) };
}
