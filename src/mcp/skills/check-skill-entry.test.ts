import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSkillEntry, MAX_SKILL_BYTES } from './check-skill-entry';
import { verifySkillFile } from './verify-skill-file';

const text = new TextEncoder().encode(
  '---\nname: packing-list\ndescription: Packs for the weather\n---\nPack a coat.\n',
);
const digestOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const skillFile = { uri: 'skill://travel/packing-list/SKILL.md', digest: digestOf(text), size: text.byteLength };
const inSkill = (path: string) => ({ ...skillFile, uri: `skill://travel/packing-list/${path}` });
const entry = (patch: Record<string, unknown> = {}) => ({
  uri: 'skill://travel/packing-list/SKILL.md',
  frontmatter: { name: 'packing-list', description: 'Packs for the weather', license: 'MIT' },
  resources: [skillFile],
  ...patch,
});
const problemOf = (value: unknown) => {
  const checked = checkSkillEntry(value);
  return checked.ok ? 'accepted' : checked.problem;
};

describe('a skill entry from a server', () => {
  it('accepts a well-formed entry, frontmatter verbatim, and a dynamic one', () => {
    expect(checkSkillEntry(entry())).toEqual({ ok: true, entry: entry() });
    expect(checkSkillEntry(entry({ resources: 'dynamic' }))).toMatchObject({ ok: true });
    expect(checkSkillEntry({ ...entry(), uri: 'skill://packing-list/SKILL.md', resources: 'dynamic' }).ok).toBe(true);
  });

  it.each([
    ['no resources', entry({ resources: undefined }), 'neither a list nor "dynamic"'],
    [
      'a name that is not the last segment',
      entry({ uri: 'skill://travel/other/SKILL.md' }),
      'does not end in its name',
    ],
    ['a bad name', entry({ frontmatter: { name: 'Packing List', description: 'x' } }), 'not an Agent Skills name'],
    ['no SKILL.md in the uri', entry({ uri: 'skill://travel/packing-list/README.md' }), 'does not name a SKILL.md'],
    [
      'a file outside the skill',
      entry({ resources: [skillFile, { ...skillFile, uri: 'skill://travel/x/a.md' }] }),
      'outside',
    ],
    ['a dot-dot file', entry({ resources: [skillFile, inSkill('../secrets/a.md')] }), 'dot segment'],
    ['an encoded dot-dot', entry({ resources: [skillFile, inSkill('%2E%2e/a.md')] }), 'dot segment'],
    ['a query', entry({ resources: [skillFile, inSkill('a.md?x=1')] }), 'query'],
    ['a bad digest', entry({ resources: [{ ...skillFile, digest: 'sha256:ABC' }] }), 'no sha256 digest'],
    ['a negative size', entry({ resources: [{ ...skillFile, size: -1 }] }), 'no byte size'],
    ['a file listed twice', entry({ resources: [skillFile, skillFile] }), 'listed twice'],
    ['no SKILL.md among the files', entry({ resources: [inSkill('a.md')] }), 'do not include its SKILL.md'],
    ['more than 16 MiB', entry({ resources: [{ ...skillFile, size: MAX_SKILL_BYTES + 1 }] }), '16 MiB'],
    ['more than 512 files', entry({ resources: Array.from({ length: 513 }, () => skillFile) }), '513 files'],
  ])('refuses %s', (_what, value, words) => {
    expect(problemOf(value)).toContain(words);
  });
});

describe('a skill file read from a server', () => {
  it('is used only when its size and SHA-256 digest match the entry', async () => {
    expect(await verifySkillFile(skillFile.uri, text, [skillFile])).toEqual({ ok: true, bytes: text });
    const changed = new TextEncoder().encode(new TextDecoder().decode(text).replace('coat', 'boat'));
    expect(await verifySkillFile(skillFile.uri, changed, [skillFile])).toMatchObject({
      ok: false,
      problem: expect.stringContaining('does not match its digest') as unknown,
    });
  });

  it('refuses a huge file by its size before hashing it, and a file the entry does not list', async () => {
    const huge = new Uint8Array(20 * 1024 * 1024);
    expect(await verifySkillFile(skillFile.uri, huge, [skillFile])).toMatchObject({
      ok: false,
      problem: `${skillFile.uri} is ${huge.byteLength} bytes; the skill lists ${text.byteLength}.`,
    });
    expect(await verifySkillFile('skill://travel/packing-list/extra.md', text, [skillFile])).toMatchObject({
      ok: false,
      problem: expect.stringContaining("not one of the skill's listed files") as unknown,
    });
  });
});
