import { describe, expect, it } from 'vitest';
import type { McpSkillLoad } from '../protocol/skill-messages';
import { withAttachedSkills } from './skills-slice';
import { connectServers } from './testing/connect-servers';
import { FakeEngineClient } from './testing/fake-engine-client';
import { createTestStore } from './testing/create-test-store';

const uri = 'skill://dress-for-weather/SKILL.md';
const verified: McpSkillLoad = {
  ok: true,
  uri,
  name: 'dress-for-weather',
  description: 'Dress',
  text: '---\nname: dress-for-weather\n---\nCall weather.get first.\n',
  files: [],
};

describe('skills attached to the instructions', () => {
  it('puts an attached skill into the next run’s system prompt once, then takes it off', async () => {
    const client = new FakeEngineClient({ 'mcp-skill-load': () => verified, 'run-start': () => null });
    const store = createTestStore(client);
    const load = await store.getState().loadSkill('demo', uri);
    if (load?.ok !== true) throw new Error('expected a verified load');
    store.getState().attachSkill('demo', load);
    store.getState().attachSkill('demo', load);
    expect(store.getState().attachedSkills.map((skill) => skill.name)).toEqual(['dress-for-weather']);
    connectServers(store, client);
    await store.getState().run();
    const system = (client.sent('run-start')[0] as { settings: { system: string } }).settings.system;
    expect(system).toContain('<skill name="dress-for-weather">');
    expect(system.match(/Call weather\.get first\./g)).toHaveLength(1);
    expect(store.getState().attachedSkills).toEqual([]);
  });

  it('removes a skill before the run, so its text is not sent', async () => {
    const client = new FakeEngineClient({ 'run-start': () => null });
    const store = createTestStore(client);
    if (!verified.ok) throw new Error('unreachable');
    store.getState().attachSkill('demo', verified);
    store.getState().detachSkill(uri);
    connectServers(store, client);
    await store.getState().run();
    expect(JSON.stringify(client.sent('run-start')[0])).not.toContain('Call weather.get first.');
  });

  it('keeps the system prompt as it is with no skills, and puts skills after it', () => {
    expect(withAttachedSkills('Be brief.', [])).toBe('Be brief.');
    expect(withAttachedSkills('Be brief.', [{ serverId: 's', uri, name: 'a', text: 'A\n' }])).toBe(
      'Be brief.\n\n<skill name="a">\nA\n</skill>',
    );
  });
});
