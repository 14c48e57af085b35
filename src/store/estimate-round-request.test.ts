import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../engine/model/sent-request';
import { createHistoryCompactor } from '../shared/compact-request-history';
import { estimateJsonTokens, estimateRequestTokens } from '../shared/estimate-tokens';
import { estimateRoundRequest, type RoundRequestSource } from './estimate-round-request';

const tool = { name: 'demo__weather_get', description: 'Weather now.', input_schema: { type: 'object' } };
const message = (role: string, text: string) => ({ role, content: [{ type: 'text', text }] });

/** Rounds whose recorded requests send `bodies` in turn, compacted as the providers record them. */
function roundsOf(bodies: Record<string, unknown>[]): RoundRequestSource[] {
  const compact = createHistoryCompactor();
  return bodies.map((body, index) => {
    const { body: rest, history } = compact(body);
    const sent: RecordedRequest = {
      method: 'POST',
      url: 'https://api.anthropic.com/v1/messages',
      headers: {},
      body: rest,
      ...(history === undefined ? {} : { history }),
    };
    return { round: index + 1, sent };
  });
}

describe('estimateRoundRequest', () => {
  it('gives each round the pause editor’s estimate of the request it sent (Anthropic: system and tools apart)', () => {
    const system = 'You are terse. '.repeat(20);
    const first = [message('user', 'What should I wear in Oslo?')];
    const second = [...first, message('assistant', 'Checking the weather.'), message('user', 'thanks '.repeat(300))];
    const rounds = roundsOf([
      { model: 'm', system, tools: [tool], messages: first },
      { model: 'm', system, tools: [tool], messages: second },
    ]);
    for (const [round, messages] of [
      [1, first],
      [2, second],
    ] as const)
      expect(estimateRoundRequest(rounds, round)).toEqual(estimateRequestTokens({ system, tools: [tool], messages }));
  });

  it('follows a history that shrank (a compaction or an edit) and counts an OpenAI system message as system', () => {
    const system = message('system', 'Be brief.');
    const openaiTool = { type: 'function', function: { name: 'f', description: 'F.', parameters: { type: 'object' } } };
    const long = [system, message('user', 'a'.repeat(4000)), message('assistant', 'b'.repeat(4000))];
    const short = [system, message('user', 'summary'), message('user', 'go on')];
    const rounds = roundsOf([
      { tools: [openaiTool], messages: long },
      { tools: [openaiTool], messages: [...long, message('user', 'more')] },
      { tools: [openaiTool], messages: short },
    ]);
    const expected = (messages: unknown[]) => ({
      system: estimateRequestTokens({ system: 'Be brief.', tools: [], messages: [] }).system,
      tools: estimateRequestTokens({
        tools: [{ name: 'f', description: 'F.', input_schema: { type: 'object' } }],
        messages: [],
      }).tools,
      history: messages.slice(1).reduce<number>((sum, item) => sum + estimateJsonTokens(item), 0),
    });
    expect(estimateRoundRequest(rounds, 2)).toMatchObject(expected([...long, message('user', 'more')]));
    expect(estimateRoundRequest(rounds, 3)).toMatchObject(expected(short));
    expect(estimateRoundRequest(rounds, 3)?.history).toBeLessThan(estimateRoundRequest(rounds, 1)?.history ?? 0);
  });

  it('leaves prompt-cache markers out: the history of a wire request equals that of the same messages without them', () => {
    const plain = [message('user', 'What should I wear in Oslo?')];
    const marked = [
      {
        role: 'user',
        content: [{ type: 'text', text: 'What should I wear in Oslo?', cache_control: { type: 'ephemeral' } }],
      },
    ];
    const [withMarks] = roundsOf([{ messages: marked }]);
    expect(estimateRoundRequest(withMarks ? [withMarks] : [], 1)?.history).toBe(
      estimateRequestTokens({ tools: [], messages: plain }).history,
    );
  });

  it('says nothing for a round without a recorded request or whose history cannot be rebuilt', () => {
    const rounds = roundsOf([{ messages: [message('user', 'hi')] }, { messages: [message('user', 'hi')] }]);
    expect(estimateRoundRequest([{ round: 1 }], 1)).toBeUndefined();
    expect(estimateRoundRequest(rounds, 9)).toBeUndefined();
    // The first record lost: the second keeps a message nobody has.
    expect(estimateRoundRequest(rounds.slice(1), 2)).toBeUndefined();
  });

  it('matches rebuilding every request in full, over random growing, shrinking and edited histories', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    for (let trial = 0; trial < 30; trial += 1) {
      let history: unknown[] = [];
      const bodies: Record<string, unknown>[] = [];
      const wanted: number[] = [];
      for (let round = 0; round < 12; round += 1) {
        const cut = random(3) === 0 ? random(history.length + 1) : history.length;
        history = [
          ...history.slice(0, cut),
          ...Array.from({ length: 1 + random(3) }, () => message('user', 'x'.repeat(random(500)))),
        ];
        bodies.push({ system: 'S', tools: [], messages: history });
        wanted.push(history.reduce<number>((sum, item) => sum + estimateJsonTokens(item), 0));
      }
      const rounds = roundsOf(bodies);
      // Asked out of order, as cards mount: the cached tallies must not depend on which came first.
      for (const round of [12, 3, 7, 1, 12, 5])
        expect(estimateRoundRequest(rounds, round)?.history).toBe(wanted[round - 1]);
    }
  });
});
