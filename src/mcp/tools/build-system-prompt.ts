// Pure: the system prompt the model sees, with the servers' own instructions appended.

/** A connected server as far as the system prompt cares. */
export interface SystemPromptServer {
  name: string;
  instructions?: string;
  /** The per-server switch: false keeps its instructions out of the prompt. */
  includeInstructions: boolean;
}

/**
 * Appends, after `userSystem`, each included server's non-empty `instructions` under a heading naming the
 * server, in the order given. Returns `userSystem` unchanged when no server contributes.
 */
export function buildSystemPrompt(userSystem: string, servers: readonly SystemPromptServer[]): string {
  const sections = servers
    .filter((server) => server.includeInstructions && (server.instructions ?? '').trim() !== '')
    .map((server) => `## Instructions from the MCP server "${server.name}"\n\n${(server.instructions ?? '').trim()}`);
  if (sections.length === 0) return userSystem;
  const head = userSystem.trim() === '' ? [] : [userSystem.trimEnd()];
  return [...head, ...sections].join('\n\n');
}
