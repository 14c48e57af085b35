// MCP Skills on the main thread: a server's skills listed and loaded on request, and the verified skills the
// person attached to the next run's instructions (their SKILL.md text goes into its system prompt).
import type { AttachedSkill } from '../protocol/skill-messages';
import { askOrAlert } from './ask-or-alert';
import { type GetLoupeState, type SetLoupeState, type SliceDependencies } from './loupe-state';
import type { SkillsSlice } from './skills-state';

/** `system` with each attached skill's SKILL.md after it, marked with the skill's name so the model can tell. */
export function withAttachedSkills(system: string, skills: readonly AttachedSkill[]): string {
  if (skills.length === 0) return system;
  const parts = skills.map((skill) => `<skill name="${skill.name}">\n${skill.text.trim()}\n</skill>`);
  return [system.trim(), ...parts].filter((part) => part !== '').join('\n\n');
}

export function createSkillsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): SkillsSlice {
  const ask = askOrAlert(get);
  return {
    attachedSkills: [],
    listSkills: (serverId) => ask('list the skills', () => deps.client.send({ type: 'mcp-skills-list', serverId })),
    loadSkill: (serverId, uri) =>
      ask(`read the skill ${uri}`, () => deps.client.send({ type: 'mcp-skill-load', serverId, uri })),
    attachSkill(serverId, load) {
      // A second attach of the same skill replaces the first: its text goes in once.
      const skill = { serverId, uri: load.uri, name: load.name, text: load.text };
      set((state) => ({ attachedSkills: [...state.attachedSkills.filter((s) => s.uri !== load.uri), skill] }));
    },
    detachSkill(uri) {
      set((state) => ({ attachedSkills: state.attachedSkills.filter((skill) => skill.uri !== uri) }));
    },
  };
}
