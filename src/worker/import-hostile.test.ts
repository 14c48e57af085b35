// Hostile transcripts through the import path: numbers as strings, repeated ids, times that run backwards, and
// names that would pollute prototypes. Each is refused with a message that names the field, or shown safely.
import { describe, expect, it } from 'vitest';
import { describeProblem } from '../engine/transcript/transcript-problem';
import type { RunEvent } from '../engine/event/run-event';
import { fixture, setup } from '../../test/support/session-commands-setup';

/** The demo fixture as plain JSON a test can break anywhere, through `at`. */
type Loose = Record<string, unknown>;

/** The object at `path` in `root` (a test's own fixture: the path is known to exist). */
function at(root: unknown, ...path: (string | number)[]): Loose {
  return path.reduce<unknown>((value, key) => (value as Loose)[key], root) as Loose;
}

function importChanged(change: (transcript: Loose) => void) {
  const transcript = structuredClone(fixture('demo-weather-clothing')) as unknown as Loose;
  change(transcript);
  const { commands } = setup();
  return {
    commands,
    outcome: commands.importTranscript({ type: 'transcript-import', runId: 'imp', text: JSON.stringify(transcript) }),
  };
}

function problemsOf(change: (transcript: Loose) => void): string[] {
  const { outcome } = importChanged(change);
  if (outcome.ok) throw new Error('expected the import to be refused');
  return outcome.problems.map(describeProblem);
}

function eventsOf(change: (transcript: Loose) => void): RunEvent[] {
  const { outcome } = importChanged(change);
  if (!outcome.ok) throw new Error(outcome.problems.map(describeProblem).join('\n'));
  return outcome.events;
}

describe('import: numbers written as strings are refused, once each, naming the field', () => {
  it.each([
    [
      'a round number',
      (t: Loose) => (at(t, 'rounds', 0)['round'] = '1'),
      ['rounds[0].round', 'a whole number', 'the text "1"'],
    ],
    [
      'the round limit',
      (t: Loose) => (at(t, 'settings')['maxRounds'] = '10'),
      ['settings.maxRounds', 'a whole number'],
    ],
    [
      'a duration',
      (t: Loose) => (at(t, 'rounds', 0, 'toolCalls', 0, 'timing')['durationMs'] = '7'),
      ['rounds[0].toolCalls[0].timing.durationMs', 'a number'],
    ],
    [
      'a token count',
      (t: Loose) => (at(t, 'rounds', 0, 'response', 'usage')['inputTokens'] = '320'),
      ['rounds[0].response.usage.inputTokens', 'the text "320"'],
    ],
  ])('%s', (_, change, words) => {
    const problems = problemsOf(change);
    expect(problems).toHaveLength(1);
    for (const word of words) expect(problems[0]).toContain(word);
  });
});

const callsOf = (t: Loose, round: number): Loose[] => at(t, 'rounds', round, 'toolCalls') as unknown as Loose[];

describe('import: repeated ids are refused', () => {
  it('two rounds with one number', () => {
    const problems = problemsOf((t) => (at(t, 'rounds', 1)['round'] = 1));
    expect(problems).toEqual([expect.stringContaining('rounds[1].round')]);
    expect(problems[0]).toContain('round number 2 (rounds in order from 1)');
  });

  it('two tool calls with one id in a round', () => {
    const problems = problemsOf((t) => callsOf(t, 0).push(structuredClone(at(t, 'rounds', 0, 'toolCalls', 0))));
    expect(problems).toEqual([
      expect.stringMatching(
        /rounds\[0\]\.toolCalls\[1\]\.id.*a call id used once in the run.*first at rounds\[0\]\.toolCalls\[0\]\.id/,
      ),
    ]);
  });

  it('one id in two rounds, and an app call reusing a tool call id', () => {
    const acrossRounds = problemsOf((t) => callsOf(t, 1).push(structuredClone(at(t, 'rounds', 0, 'toolCalls', 0))));
    expect(acrossRounds).toEqual([expect.stringContaining('rounds[1].toolCalls[1].id')]);
    const appCall = problemsOf((t) => {
      const call = at(t, 'rounds', 0, 'toolCalls', 0);
      at(t, 'rounds', 0)['appCalls'] = [
        { ...structuredClone(call), appOf: call['id'], toolName: 'weather.forecast', name: 'demo__weather_forecast' },
      ];
    });
    expect(appCall).toEqual([expect.stringContaining('rounds[0].appCalls[0].id')]);
  });

  it('a tool_use id repeated in the conversation is repaired and said', () => {
    const { outcome } = importChanged((t) => {
      const content = at(t, 'messages', 1, 'content') as unknown as Loose[];
      content.push(structuredClone(content.find((block) => block['type'] === 'tool_use') ?? {}));
    });
    if (!outcome.ok) throw new Error('expected the repair to let it in');
    expect(outcome.changes.join('\n')).toMatch(/reused tool_use id 'toolu_w1'; removed the repeat/);
  });
});

describe('import: times out of order', () => {
  it('a call that ends before it starts is refused: its duration cannot be negative', () => {
    const problems = problemsOf((t) => {
      at(t, 'rounds', 0, 'toolCalls', 0)['timing'] = {
        queuedAt: 2_000_000,
        startedAt: 2_000_000,
        endedAt: 1_000,
        durationMs: -1_999_000,
      };
    });
    expect(problems).toEqual([
      'rounds[0].toolCalls[0].timing.durationMs: expected a number of at least 0, got number -1999000.',
    ]);
  });

  it('a reply timed with a negative duration names the field, not "expected null"', () => {
    const problems = problemsOf((t) => {
      at(t, 'rounds', 1, 'response')['timing'] = { startedAt: 5, endedAt: 1, durationMs: -4 };
    });
    expect(problems).toEqual(['rounds[1].response.timing.durationMs: expected a number of at least 0, got number -4.']);
  });

  it('rounds whose clock ran backwards (a clock change) come in their order, each call its own time', () => {
    const events = eventsOf((t) => {
      // Round 2 says it ran long before round 1: the clock was set back between them.
      at(t, 'rounds', 1, 'response')['timing'] = { startedAt: 10, endedAt: 20, durationMs: 10 };
      at(t, 'rounds', 1, 'toolCalls', 0)['timing'] = { queuedAt: 21, startedAt: 21, endedAt: 30, durationMs: 9 };
    });
    const rounds = events.flatMap((event) => (event.type === 'round-start' ? [event.round] : []));
    expect(rounds).toEqual([1, 2, 3]);
    const ends = events.flatMap((event) =>
      event.type === 'tool-call-end'
        ? [[event.callId, event.status, event.timing.endedAt - (event.timing.startedAt ?? 0)]]
        : [],
    );
    expect(ends).toEqual([
      ['toolu_w1', 'ok', 7],
      ['toolu_c1', 'ok', 9],
    ]);
    expect(events.at(-1)?.type).toBe('run-end');
  });
});

describe('import: names that would pollute prototypes are plain data', () => {
  it('a tool named __proto__ with constructor/prototype keys in its input', () => {
    const events = eventsOf((t) => {
      const call = at(t, 'rounds', 0, 'toolCalls', 0);
      call['name'] = '__proto__';
      call['input'] = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}');
      const blocks = at(t, 'rounds', 0, 'response', 'content') as unknown as Loose[];
      const use = blocks.find((block) => block['type'] === 'tool_use');
      if (use) use['name'] = '__proto__';
    });
    const start = events.find((event) => event.type === 'tool-call-start');
    expect(start?.type === 'tool-call-start' && start.name).toBe('__proto__');
    const input = (start?.type === 'tool-call-start' ? start.input : undefined) as Loose;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(Object.keys(input)).toEqual(['__proto__', 'constructor']);
    expect(({} as Loose)['polluted']).toBeUndefined();
    expect((Object.prototype as Loose)['polluted']).toBeUndefined();
  });
});
