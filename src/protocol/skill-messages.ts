// The MCP Skills part of the worker ⇄ UI contract: a server's skills as Inspect lists them, one loaded with each
// file's check, and a skill the person attached to the next run's instructions. Types only.
/** One file of a skill as its entry lists it (`digest` is `sha256:` + hex, `size` in bytes). */
export interface McpSkillFileInfo {
  uri: string;
  size: number;
  digest: string;
}

/** A skill entry that passed its checks; `files` is `dynamic` when the server generates them (no digests). */
export interface McpSkillInfo {
  uri: string;
  name: string;
  description: string;
  files: McpSkillFileInfo[] | 'dynamic';
}

/** A server's skills: those that passed, each refused one with its reason, `notice` when a bound cut the listing. */
export interface McpSkillListing {
  skills: McpSkillInfo[];
  refused: { uri?: string; problem: string }[];
  notice?: string;
}

/** One file's check on load: `verified` (size and digest match) or the reason it was refused. */
export type McpSkillFileCheck = McpSkillFileInfo & ({ status: 'verified' } | { status: 'refused'; problem: string });

/**
 * A skill read on request: its SKILL.md text once it and every other listed file are verified; or the reason the
 * skill was refused (with the files' checks when it got that far): then no text is given and nothing is attached.
 */
export type McpSkillLoad =
  | { ok: true; uri: string; name: string; description: string; text: string; files: McpSkillFileCheck[] }
  | { ok: false; uri: string; problem: string; files?: McpSkillFileCheck[] };

/** A verified skill attached to the next run's instructions: its SKILL.md text is added to the system prompt. */
export interface AttachedSkill {
  serverId: string;
  uri: string;
  name: string;
  text: string;
}
