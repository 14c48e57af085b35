// Remembered OAuth sign-ins in localStorage, keyed by server URL (server ids are new each visit).
// Written only for servers whose person ticked "Remember sign-in on this device".
import type { EngineClient } from '../client/engine-client';
import type { SavedOAuthSignIn } from '../protocol/oauth-messages';
import type { ServerConfig } from '../protocol/settings';
import { readJson, writeItem } from './safe-storage';

export const OAUTH_KEY = 'loupe.oauth';

function isSaved(value: unknown): value is SavedOAuthSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = (value as { tokens?: unknown }).tokens;
  return (
    typeof tokens === 'object' &&
    tokens !== null &&
    typeof (tokens as { access_token?: unknown }).access_token === 'string' &&
    typeof (tokens as { token_type?: unknown }).token_type === 'string'
  );
}

function loadAll(storage: Storage | undefined): Record<string, SavedOAuthSignIn> {
  const stored = readJson(storage, OAUTH_KEY);
  if (typeof stored !== 'object' || stored === null) return {};
  const all: Record<string, SavedOAuthSignIn> = {};
  for (const [url, value] of Object.entries(stored as Record<string, unknown>)) if (isSaved(value)) all[url] = value;
  return all;
}

/** The remembered sign-in for `url`, if any (a corrupt entry counts as none). */
export function loadSignIn(storage: Storage | undefined, url: string): SavedOAuthSignIn | undefined {
  return loadAll(storage)[url];
}

/** Stores (`saved`) or forgets (`undefined`) the sign-in for `url`. */
export function saveSignIn(storage: Storage | undefined, url: string, saved: SavedOAuthSignIn | undefined): void {
  const all = loadAll(storage);
  if (saved === undefined) {
    if (!(url in all)) return;
    delete all[url];
  } else all[url] = saved;
  writeItem(storage, OAUTH_KEY, Object.keys(all).length === 0 ? null : all);
}

/** Hands a remembered sign-in to the worker; call right before `server-add`, so it arrives first. */
export function restoreSignIn(
  deps: { client: EngineClient; storage: Storage | undefined },
  server: ServerConfig,
): void {
  const saved = loadSignIn(deps.storage, server.url);
  if (saved === undefined) return;
  deps.client.send({ type: 'oauth-restore', serverId: server.id, saved }).catch(() => undefined);
}
