// Sizes of files and storage as the UI shows them (binary units, which is what file managers and browsers use).

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** `0 bytes`, `115 KB`, `1.2 GB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
