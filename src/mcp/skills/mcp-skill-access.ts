// One connection's MCP Skills: listed on demand (only when the server declares the extension) and loaded by URI
// from the last listing, so a skill is loaded only as the entry the person saw, and checked against it.
import type { Client } from '../sdk/mcp-sdk-client';
import type { McpSkillFileCheck, McpSkillListing, McpSkillLoad } from '../../protocol/skill-messages';
import { z } from 'zod';
import type { SkillEntry } from './check-skill-entry';
import { hasSkillsExtension, listMcpSkills, loadMcpSkill, readSkillFile, type McpRequest } from './mcp-skills';

/** Skills of one server. Both methods throw when the server does not declare the Skills extension. */
export interface McpSkillAccess {
  list(): Promise<McpSkillListing>;
  /** Loads `uri` (a skill of the last listing): its SKILL.md verified, then each other file; any mismatch refuses it. */
  load(uri: string): Promise<McpSkillLoad>;
}

type WithSession = <T>(request: (client: Client) => Promise<T>) => Promise<T>;
const anyResult = z.record(z.string(), z.unknown());

export function createMcpSkillAccess(
  withSession: WithSession,
  timeout: number,
  capabilities: Record<string, unknown>,
): McpSkillAccess {
  const listed = new Map<string, SkillEntry>();
  const requestOn =
    (client: Client): McpRequest =>
    (method, params) =>
      client.request({ method, params } as never, anyResult, { timeout });
  const requireExtension = () => {
    if (!hasSkillsExtension(capabilities)) throw new Error('This server does not offer the MCP Skills extension.');
  };
  return {
    list() {
      requireExtension();
      return withSession(async (client) => {
        const listing = await listMcpSkills(requestOn(client));
        listed.clear();
        for (const entry of listing.items) listed.set(entry.uri, entry);
        return {
          skills: listing.items.map((entry) => ({
            uri: entry.uri,
            name: entry.frontmatter.name,
            description: entry.frontmatter.description,
            files: entry.resources,
          })),
          refused: listing.refused,
          ...(listing.notice === undefined ? {} : { notice: listing.notice }),
        };
      });
    },
    load(uri) {
      requireExtension();
      const entry = listed.get(uri);
      if (entry === undefined)
        return Promise.resolve({ ok: false, uri, problem: `${uri} is not in this server's last skill listing.` });
      return withSession(async (client): Promise<McpSkillLoad> => {
        const request = requestOn(client);
        const loaded = await loadMcpSkill(request, entry);
        if (!loaded.ok) return { ok: false, uri, problem: loaded.problem };
        const files: McpSkillFileCheck[] = [];
        for (const file of entry.resources === 'dynamic' ? [] : entry.resources) {
          const check = file.uri === uri ? { ok: true as const } : await readSkillFile(request, file.uri, entry);
          files.push(
            check.ok ? { ...file, status: 'verified' } : { ...file, status: 'refused', problem: check.problem },
          );
        }
        // One file that is not what the entry lists makes the whole skill untrusted: none of it is attached.
        const bad = files.find((file) => file.status === 'refused');
        if (bad?.status === 'refused') return { ok: false, uri, problem: bad.problem, files };
        return { ok: true, ...loaded.skill, files };
      });
    },
  };
}
