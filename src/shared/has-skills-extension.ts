// Whether a server declares the MCP Skills extension: read by the connection (which calls its methods only then)
// and by Inspect (which shows the Skills view only then).
import { isRecord } from './is-record';

/** The extension's identifier, as servers declare it under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** True when `capabilities` (the server's) declare the Skills extension: only then are its methods called. */
export function hasSkillsExtension(capabilities: unknown): boolean {
  return (
    isRecord(capabilities) && isRecord(capabilities['extensions']) && SKILLS_EXTENSION in capabilities['extensions']
  );
}
