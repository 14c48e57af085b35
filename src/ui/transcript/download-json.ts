// Saves text as a file through a Blob URL and a temporary <a download>: the one download helper of the UI.

/** Downloads `text` as `fileName` with the given media type. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously after click().
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads `value` as pretty-printed JSON. */
export function downloadJson(value: unknown, fileName: string): void {
  downloadText(JSON.stringify(value, null, 2), fileName, 'application/json');
}

/** `loupe-<first 8 characters of the run id>.json`. */
export function transcriptFileName(runId: string): string {
  return `loupe-${runId.slice(0, 8)}.json`;
}
