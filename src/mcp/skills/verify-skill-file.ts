// A skill file's bytes checked against its entry before any use (MCP Skills, Integrity and Verification): a size or
// SHA-256 digest that differs, or a file the held entry does not list, is refused, and the content is never used.
import type { SkillResource } from './check-skill-entry';

export type SkillFileCheck = { ok: true; bytes: Uint8Array } | { ok: false; problem: string };

/**
 * `bytes` read for `uri` of a skill whose entry lists `resources`. The size is compared first, so a file far larger
 * than listed is refused without hashing it. Uses Web Crypto (the worker's and Node's `crypto.subtle`).
 */
export async function verifySkillFile(
  uri: string,
  bytes: Uint8Array,
  resources: readonly SkillResource[],
): Promise<SkillFileCheck> {
  const listed = resources.find((resource) => resource.uri === uri);
  if (listed === undefined) return { ok: false, problem: `${uri} is not one of the skill's listed files.` };
  if (bytes.byteLength !== listed.size)
    return { ok: false, problem: `${uri} is ${bytes.byteLength} bytes; the skill lists ${listed.size}.` };
  // A copy: Web Crypto takes no view of a SharedArrayBuffer (the size check above keeps it to what was listed).
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes.slice()));
  const digest = `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  if (digest !== listed.digest)
    return {
      ok: false,
      problem: `${uri} does not match its digest: it was changed or is stale. Nothing of it is used.`,
    };
  return { ok: true, bytes };
}
