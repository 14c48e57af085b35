// The demo server's one skill through the MCP Skills extension (`io.modelcontextprotocol/skills`): `skills/list`
// answers its entry, whose files (SKILL.md and one supporting file) are served as resources. Digests and sizes are
// computed from the very bytes served, at start, so the entry can never drift from the files.
import { createHash } from 'node:crypto';
import type { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
export const demoSkillName = 'dress-for-weather';
export const demoSkillUri = `skill://${demoSkillName}/SKILL.md`;
const checklistUri = `skill://${demoSkillName}/checklist.md`;
const description = 'Decide what to wear: look up the weather first, then ask for clothing advice.';

/** The SKILL.md text (its frontmatter's name and description are the entry's, as the extension requires). */
export const demoSkillText = [
  '---',
  `name: ${demoSkillName}`,
  `description: ${description}`,
  '---',
  '# Dress for the weather',
  '',
  'When the person asks what to wear, call weather.get for their city first,',
  'then clothing.advise with its temperatureC and conditions. Answer in one short paragraph.',
  'See checklist.md for what to pack.',
  '',
].join('\n');

const checklistText = '# Checklist\n\n- Umbrella when rain is expected\n- Gloves below 0 °C\n- Sunscreen above 20 °C\n';

/** A file a skill serves: its resource name, type and text. */
export interface ServedSkillFile {
  uri: string;
  name: string;
  mimeType: string;
  text: string;
}

export const demoSkillFiles: ServedSkillFile[] = [
  { uri: demoSkillUri, name: 'dress-for-weather-skill', mimeType: 'text/markdown', text: demoSkillText },
  { uri: checklistUri, name: 'dress-for-weather-checklist', mimeType: 'text/markdown', text: checklistText },
];

function describeFile(text: string): { digest: string; size: number } {
  const bytes = Buffer.from(text, 'utf8');
  return { digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.byteLength };
}

/** The `Skill` entry `skills/list` answers: computed once, from the served text. */
export const demoSkillEntry = {
  uri: demoSkillUri,
  frontmatter: { name: demoSkillName, description },
  resources: demoSkillFiles.map((file) => ({ uri: file.uri, ...describeFile(file.text) })),
};

/** Serves the demo skill on `server` (which must declare the extension in its capabilities). */
export function serveDemoSkill(server: ModernMcpServer): void {
  serveSkills(server, [demoSkillEntry], demoSkillFiles);
}

/** Serves `entries` on `skills/list` and `files` as resources, as given: tests pass entries that lie. */
export function serveSkills(server: ModernMcpServer, entries: readonly unknown[], files: readonly ServedSkillFile[]) {
  for (const file of files)
    server.registerResource(file.name, file.uri, { mimeType: file.mimeType }, (uri) => ({
      contents: [{ uri: uri.href, mimeType: file.mimeType, text: file.text }],
    }));
  // One page: the demo has one skill. `cursor` is accepted and ignored.
  server.server.setRequestHandler('skills/list', { params: z.looseObject({ cursor: z.string().optional() }) }, () => ({
    skills: entries,
  }));
}
