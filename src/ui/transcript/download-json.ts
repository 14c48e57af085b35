// Saves a value as a .json file through a Blob URL and a temporary <a download>.

export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
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
}

/** `loupe-<first 8 characters of the run id>.json`. */
export function transcriptFileName(runId: string): string {
  return `loupe-${runId.slice(0, 8)}.json`;
}
