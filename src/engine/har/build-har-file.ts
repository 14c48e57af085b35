// Pure: HTTP exchanges (model calls, MCP traffic) as one HAR 1.2 file, oldest first, secrets redacted.
import { buildHarEntry, type HttpExchange } from './build-har-entry';
import type { HarFile } from './har-file';

export function buildHarFile(
  exchanges: readonly HttpExchange[],
  creator: { version: string },
  comment?: string,
): HarFile {
  const entries = [...exchanges].sort((a, b) => a.at - b.at).map(buildHarEntry);
  return {
    log: {
      version: '1.2',
      creator: { name: 'Loupe', version: creator.version },
      entries,
      ...(comment === undefined ? {} : { comment }),
    },
  };
}
