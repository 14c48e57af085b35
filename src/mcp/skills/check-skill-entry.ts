// Pure: a `Skill` entry of the MCP Skills extension (`io.modelcontextprotocol/skills`, the stable specification in
// modelcontextprotocol/ext-skills) checked before anything of the skill is read. A server is untrusted: an entry
// that breaks a rule is refused whole, with the reason, and none of its files is fetched. No I/O.
import { isRecord } from '../../shared/is-record';

/** One file of a skill as its entry lists it: `digest` is `sha256:` + 64 lowercase hex, `size` the raw bytes. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** A skill entry as `skills/list` and `skills/get` return it (wire names as the extension spells them). */
export interface SkillEntry {
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  /** The `SKILL.md` frontmatter verbatim; `name` and `description` are always there. */
  frontmatter: { name: string; description: string; [key: string]: unknown };
  /** Every file of the skill, `SKILL.md` included, or `dynamic` (no digests: nothing can be verified). */
  resources: SkillResource[] | 'dynamic';
}

/** The extension's per-skill limits a host must accept (and Loupe stops at). */
export const MAX_SKILL_RESOURCES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** Agent Skills names: 1–64 lowercase letters, digits and single hyphens, no hyphen at either end. */
const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const SKILL_FILE = '/SKILL.md';

export type SkillEntryCheck = { ok: true; entry: SkillEntry } | { ok: false; problem: string };

/**
 * `value` as a skill entry, or the first rule it breaks: the `uri` ends in `/SKILL.md` and its last path segment is
 * `frontmatter.name` (an Agent Skills name); `resources` is `dynamic` or a complete list — at most 512 files and
 * 16 MiB in all, each once, `SKILL.md` among them, each a digest and a byte size, and each inside the skill's own
 * directory (no `.` or `..` segments, encoded or not, no other scheme or authority, no query or fragment).
 */
export function checkSkillEntry(value: unknown): SkillEntryCheck {
  if (!isRecord(value)) return refuse('the entry is not an object');
  const { uri, frontmatter, resources } = value;
  if (typeof uri !== 'string' || !uri.endsWith(SKILL_FILE)) return refuse('its uri does not name a SKILL.md');
  const root = uri.slice(0, -SKILL_FILE.length);
  if (!hasCleanPath(uri)) return refuse(`its uri ${JSON.stringify(uri)} has a dot segment, a query or a fragment`);
  if (!isRecord(frontmatter) || typeof frontmatter.name !== 'string' || typeof frontmatter.description !== 'string')
    return refuse('its frontmatter has no name and description');
  const name = frontmatter.name;
  if (!SKILL_NAME.test(name)) return refuse(`its name ${JSON.stringify(name)} is not an Agent Skills name`);
  if (lastSegment(root) !== name) return refuse(`its uri does not end in its name ${JSON.stringify(name)}`);
  const entry = { uri, frontmatter: frontmatter as SkillEntry['frontmatter'] };
  if (resources === 'dynamic') return { ok: true, entry: { ...entry, resources } };
  if (!Array.isArray(resources)) return refuse('its resources are neither a list nor "dynamic"');
  if (resources.length > MAX_SKILL_RESOURCES)
    return refuse(`it lists ${resources.length} files, more than the ${MAX_SKILL_RESOURCES} a skill may have`);
  const files: SkillResource[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const [index, item] of resources.entries()) {
    const file = checkResource(item, root);
    if (typeof file === 'string') return refuse(`file ${index + 1}: ${file}`);
    if (seen.has(file.uri)) return refuse(`file ${index + 1}: ${file.uri} is listed twice`);
    seen.add(file.uri);
    total += file.size;
    if (total > MAX_SKILL_BYTES) return refuse(`its files come to more than ${MAX_SKILL_BYTES} bytes (16 MiB)`);
    files.push(file);
  }
  if (!seen.has(uri)) return refuse('its files do not include its SKILL.md');
  return { ok: true, entry: { ...entry, resources: files } };
}

function checkResource(item: unknown, root: string): SkillResource | string {
  if (!isRecord(item)) return 'not an object';
  const { uri, digest, size } = item;
  if (typeof uri !== 'string' || !uri.startsWith(`${root}/`)) return 'its uri is outside the skill';
  if (!hasCleanPath(uri)) return `${uri} has a dot segment, a query or a fragment`;
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return `${uri} has no sha256 digest`;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return `${uri} has no byte size`;
  return { uri, digest, size };
}

/** No `.`/`..` segment (also percent-encoded), no backslash, query or fragment: the path means what it says. */
function hasCleanPath(uri: string): boolean {
  if (/[?#\\]/.test(uri)) return false;
  const path = uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return path.split('/').every((segment) => {
    const decoded = segment.replace(/%2e/gi, '.');
    return decoded !== '.' && decoded !== '..' && segment !== '';
  });
}

const lastSegment = (root: string): string => root.slice(root.lastIndexOf('/') + 1);

const refuse = (why: string): SkillEntryCheck => ({ ok: false, problem: `Skill entry refused: ${why}.` });
