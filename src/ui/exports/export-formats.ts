// The formats a round can be exported in, and their labels (apart from the builders, which load on first use).

export type ExportFormat = 'curl' | 'typescript' | 'python' | 'json';

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  curl: 'curl',
  typescript: 'TypeScript',
  python: 'Python',
  json: 'JSON',
};
