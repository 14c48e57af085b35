// The skills slice's state as the store holds it: its own file, so loupe-state.ts can name it without importing the
// slice that imports loupe-state.ts (no import cycle).
import type { AttachedSkill, McpSkillListing, McpSkillLoad } from '../protocol/skill-messages';

export interface SkillsSlice {
  /** Skills whose text goes into the next run's system prompt, in the order attached; removable until then. */
  attachedSkills: AttachedSkill[];
  listSkills: (serverId: string) => Promise<McpSkillListing | null>;
  /** Loads a skill of the server's last listing; a refusal comes back as `ok: false` with the reason. */
  loadSkill: (serverId: string, uri: string) => Promise<McpSkillLoad | null>;
  /** Attaches a loaded skill; only a verified load (`ok: true`) can be passed, so a refused skill never is. */
  attachSkill: (serverId: string, load: Extract<McpSkillLoad, { ok: true }>) => void;
  detachSkill: (uri: string) => void;
}
