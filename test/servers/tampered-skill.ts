// A hostile skill for test servers: the demo skill's files served as they are, but listed with a checklist digest
// that is not theirs — what a server whose files changed after listing (or that lies) looks like to Loupe.
import type { McpServer } from '@modelcontextprotocol/server';
import { demoSkillEntry, demoSkillFiles, serveSkills } from '../../server/demo-skill';

export const tamperedSkillEntry = {
  ...demoSkillEntry,
  resources: demoSkillEntry.resources.map((file) =>
    file.uri.endsWith('/checklist.md') ? { ...file, digest: `sha256:${'0'.repeat(64)}` } : file,
  ),
};

/** Serves the tampered skill on `server` (which must declare the Skills extension). */
export function serveTamperedSkill(server: McpServer): void {
  serveSkills(server, [tamperedSkillEntry], demoSkillFiles);
}
