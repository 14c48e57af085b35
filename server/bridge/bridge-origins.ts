// Which Loupe pages the bridge answers by default: the ones `npm start` serves on. Port 5173 always, and the
// port `npm start` really took (it moves on when 5173 is busy), which it writes to a file the bridge reads.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackOrigins, normalizeOrigin, parseOriginList } from '../check-request-origin.ts';

/** Where `npm start` notes `{ pid, origins }` while it runs (`scripts/start.mjs` writes it, under node_modules so git never sees it). */
export const appOriginsFile = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'node_modules',
  '.cache',
  'loupe',
  'app-origins.json',
);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The origins a running `npm start` noted; none when it is not running (a stale file is ignored). */
export function readStartedAppOrigins(file = appOriginsFile): string[] {
  if (!existsSync(file)) return [];
  try {
    const noted = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; origins?: unknown };
    if (typeof noted.pid !== 'number' || !isRunning(noted.pid) || !Array.isArray(noted.origins)) return [];
    return noted.origins
      .filter((origin): origin is string => typeof origin === 'string')
      .map((origin) => normalizeOrigin(origin))
      .filter((origin): origin is string => origin !== undefined && origin.startsWith('http://'));
  } catch {
    return [];
  }
}

/** The origins the bridge accepts: Loupe on 5173, a running `npm start`, `LOUPE_ALLOWED_ORIGINS`, and `--allow-origin`. */
export function bridgeAllowedOrigins(extra: readonly string[], environment = process.env): string[] {
  return [
    ...new Set([
      ...loopbackOrigins(5173),
      ...readStartedAppOrigins(),
      ...parseOriginList(environment['LOUPE_ALLOWED_ORIGINS']),
      ...extra,
    ]),
  ];
}
