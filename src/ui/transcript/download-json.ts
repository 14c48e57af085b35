// Saves text as a file through a Blob URL and a temporary <a download>: the one download helper of the UI, so
// every export says what it wrote (issue 41: an export used to give no answer at all).
import { announce } from '../common/announce';

/** Downloads `text` as `fileName` with the given media type, and says so in the action notice. */
export function downloadText(text: string, fileName: string, type: string): void {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  announce(`Saved ${fileName} (${formatBytes(blob.size)}) to your downloads.`);
}

/** Downloads `value` as pretty-printed JSON. */
export function downloadJson(value: unknown, fileName: string): void {
  downloadText(JSON.stringify(value, null, 2), fileName, 'application/json');
}

/** `loupe-<first 8 characters of the run id>.json`. */
export function transcriptFileName(runId: string): string {
  return `loupe-${runId.slice(0, 8)}.json`;
}

/** "12.3 kB", "840 B": a file's size as a person reads it. */
function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
