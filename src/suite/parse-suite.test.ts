import { describe, expect, it } from 'vitest';
import { makeTestCase } from './make-test-case';
import { parseSuite, serializeSuite } from './parse-suite';
import { escapeXml, renderJunit } from './render-junit';
import { recordRun, reply } from './testing/record-run';
import { SUITE_FORMAT, SUITE_VERSION, type TestCase, type TestSuite } from './test-suite';

async function madeCase(): Promise<TestCase> {
  const transcript = await recordRun([reply('', ['weather', { city: 'Paris' }]), reply('Sunny: no coat.')]);
  const made = makeTestCase({ transcript, id: 'case-1', system: 'Be brief.' });
  if (typeof made === 'string') throw new Error(made);
  return made;
}

describe('makeTestCase', () => {
  it('proposes what held for the run: tools in order, all ok, how it ended, rounds with room', async () => {
    const made = await madeCase();
    expect(made).toMatchObject({
      id: 'case-1',
      name: 'What should I wear in Paris?',
      prompt: 'What should I wear in Paris?',
      system: 'Be brief.',
      model: { provider: 'demo', model: 'demo' },
      servers: [{ name: 'demo', url: 'http://127.0.0.1:3001/mcp' }],
      expectations: [
        { kind: 'tools-called', tools: ['weather'], mode: 'in-order' },
        { kind: 'tool-status', status: 'ok' },
        { kind: 'finish-reason', reason: 'end_turn' },
        { kind: 'max-rounds', max: 4 },
      ],
    });
    expect(made.recorded?.rounds).toHaveLength(2);
  });

  it('refuses runs that cannot be re-run', async () => {
    const transcript = await recordRun([reply('Hi.')]);
    const replayed = { ...transcript, settings: { ...transcript.settings, provider: 'replay' } };
    expect(makeTestCase({ transcript: replayed, id: 'x' })).toContain('cannot be re-run');
  });
});

describe('parseSuite', () => {
  it('reads back what it wrote', async () => {
    const suite: TestSuite = {
      format: SUITE_FORMAT,
      version: SUITE_VERSION,
      name: 'Weather',
      cases: [await madeCase()],
    };
    const parsed = parseSuite(serializeSuite(suite));
    expect(parsed).toEqual({ ok: true, suite });
  });

  it('says plainly what is wrong with a bad file', async () => {
    expect(parseSuite('{')).toMatchObject({ ok: false, problems: [expect.stringContaining('not valid JSON')] });
    expect(parseSuite('[]')).toMatchObject({ ok: false, problems: [expect.stringContaining('not a JSON object')] });
    expect(parseSuite('{"format":"loupe-transcript"}')).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('not a Loupe test suite')],
    });
    expect(parseSuite('{"format":"loupe-suite","version":9}')).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('version 9')],
    });
    const made = await madeCase();
    const badMatcher = {
      ...made,
      expectations: [{ kind: 'final-answer', match: { kind: 'regex', pattern: 'x', flags: 'g;' } }],
    };
    const parsed = parseSuite(JSON.stringify({ format: SUITE_FORMAT, version: 1, name: 'x', cases: [badMatcher] }));
    expect(parsed.ok).toBe(false);
    const twice = parseSuite(JSON.stringify({ format: SUITE_FORMAT, version: 1, name: 'x', cases: [made, made] }));
    expect(twice).toEqual({ ok: false, problems: ['Two cases have the id "case-1".'] });
  });

  it('refuses hostile nesting without crashing', () => {
    const deep = `{"format":"loupe-suite","version":1,"name":"x","cases":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
    expect(parseSuite(deep).ok).toBe(false);
  });
});

describe('renderJunit', () => {
  it('escapes names and messages so a hostile case name cannot break the XML', async () => {
    expect(escapeXml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    const made = { ...(await madeCase()), name: '</testsuite><x>' };
    const xml = renderJunit(
      'S',
      [made],
      [
        {
          caseId: made.id,
          modelLabel: 'demo/demo',
          attempt: 1,
          results: [
            { outcome: 'pass', detail: '', modelGraded: false },
            { outcome: 'fail', detail: 'weather ended <error>', modelGraded: false },
            { outcome: 'pass', detail: '', modelGraded: false },
            { outcome: 'skipped', detail: 'offline', modelGraded: true },
          ],
        },
      ],
    );
    expect(xml).toContain(
      '<testsuite name="&lt;/testsuite&gt;&lt;x&gt;" tests="4" failures="1" errors="0" skipped="1">',
    );
    expect(xml).toContain('<failure message="weather ended &lt;error&gt;"/>');
    expect(xml.match(/<testcase /g)).toHaveLength(4);
  });
});

describe('parseSuite: round targets, tool paths and pass-rate thresholds', () => {
  const withExpectations = async (expectations: unknown[]) => {
    const testCase = await madeCase();
    const suite = { format: SUITE_FORMAT, version: SUITE_VERSION, name: 's', cases: [{ ...testCase, expectations }] };
    return parseSuite(JSON.stringify(suite));
  };

  it('reads every round target, a tool path and a threshold', async () => {
    const expectations = [
      { kind: 'tools-called', tools: ['weather'], mode: 'exact', round: { kind: 'number', round: 1 } },
      {
        kind: 'tool-input',
        tool: 'weather',
        match: { kind: 'exact', value: 'Paris' },
        path: 'city',
        calls: 'all',
        round: { kind: 'first-call', tool: 'weather' },
      },
      { kind: 'tool-status', status: 'ok', round: { kind: 'any' } },
      { kind: 'no-tool-calls', round: { kind: 'last' }, minPassRate: 0.8 },
      { kind: 'tool-path', steps: [['weather'], []], gaps: true },
    ];
    const parsed = await withExpectations(expectations);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.suite.cases[0]?.expectations).toEqual(expectations);
  });

  it('refuses a round 0, a target of another kind, extra fields in a target and a threshold above 1', async () => {
    for (const bad of [
      { kind: 'no-tool-calls', round: { kind: 'number', round: 0 } },
      { kind: 'no-tool-calls', round: { kind: 'second-to-last' } },
      { kind: 'no-tool-calls', round: { kind: 'last', round: 3 } },
      { kind: 'tool-status', status: 'ok', minPassRate: 1.5 },
      { kind: 'finish-reason', reason: 'end_turn', minPassRate: 0 },
      { kind: 'tool-path', steps: 'weather', gaps: true },
    ]) {
      const parsed = await withExpectations([bad]);
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
    }
  });
});
