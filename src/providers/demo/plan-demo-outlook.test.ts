import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/message/message';
import type { ToolDefinition } from '../../engine/model/model';
import type { DemoReply } from './demo-reply';
import { planDemoReply } from './plan-demo-reply';

const tool = (name: string): ToolDefinition => ({ name, description: name, input_schema: { type: 'object' } });
const demoTools = [tool('demo__weather_get'), tool('demo__clothing_advise'), tool('demo__weather_outlook')];
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const plan = (messages: Message[], tools = demoTools, toolChoice?: { type: 'none' }) =>
  planDemoReply({ messages, tools, maxTokens: 1024, ...(toolChoice && { toolChoice }) });
const useOf = (reply: DemoReply) => reply.content.find((block) => block.type === 'tool_use');
const textOf = (reply: DemoReply) => reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

/** The history after the outlook call came back with `text`. */
function answered(ask: string, text: string, isError = false): Message[] {
  const first = plan([user(ask)]);
  const use = useOf(first);
  if (use?.type !== 'tool_use') throw new Error('expected a tool_use');
  return [
    user(ask),
    { role: 'assistant', content: first.content },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: use.id,
          content: [{ type: 'text', text }],
          ...(isError ? { is_error: true } : {}),
        },
      ],
    },
  ];
}

describe('the demo model’s outlook script', () => {
  it('calls weather.outlook for the city and days asked, then answers with the outlook', () => {
    const first = plan([user('What is the outlook for Osaka over 3 days?')]);
    expect(first.stopReason).toBe('tool_use');
    expect(useOf(first)).toMatchObject({ name: 'demo__weather_outlook', input: { city: 'Osaka', days: 3 } });
    const last = plan(answered('What is the outlook for Osaka over 3 days?', 'Outlook for Osaka:\nDay 1: 20 °C, rain'));
    expect(last.stopReason).toBe('end_turn');
    expect(textOf(last)).toContain('Outlook for Osaka:\nDay 1: 20 °C, rain');
  });

  it('asks for 5 days by default and at most 7, in Paris when no city is named', () => {
    expect(useOf(plan([user('Show me the outlook')]))).toMatchObject({ input: { city: 'Paris', days: 5 } });
    expect(useOf(plan([user('The outlook for Rome, 30 days')]))).toMatchObject({ input: { city: 'Rome', days: 7 } });
  });

  it('says so when the outlook was stopped or failed', () => {
    const failed = plan(answered('outlook for Oslo', 'Cancelled by the user', true));
    expect(textOf(failed)).toContain('The outlook failed: Cancelled by the user.');
    expect(plan([user('outlook for Oslo')], demoTools, { type: 'none' }).stopReason).toBe('end_turn');
  });

  it('leaves every other ask, and a server without the outlook, to the weather → clothing script', () => {
    expect(useOf(plan([user('What should I wear in Lyon?')]))).toMatchObject({ name: 'demo__weather_get' });
    const withoutOutlook = demoTools.slice(0, 2);
    expect(useOf(plan([user('The outlook for Lyon')], withoutOutlook))).toMatchObject({ name: 'demo__weather_get' });
  });
});
