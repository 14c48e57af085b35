// The CI options end to end on the real engine host, the Demo model and the demo MCP server over HTTP:
// --shard splits the suite, --reporter github annotates and writes the step summary, --baseline says what
// changed; the last line stays the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../server/demo-server';
import { serializeSuite } from '../suite/parse-suite';
import { parseResults } from '../suite/parse-results';
import { SUITE_FORMAT, SUITE_VERSION, type Expectation, type TestCase } from '../suite/test-suite';
import { runCommand } from './testing/run-command';

let demo: Awaited<ReturnType<typeof startDemoServer>>;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const weather: Expectation = { kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' };

const caseOf = (id: string, expectations: Expectation[] = [weather]): TestCase => ({
  id,
  name: `Case ${id}`,
  prompt: 'What should I wear in Paris today?',
  system: '',
  model: { provider: 'demo', model: 'demo' },
  maxRounds: 6,
  maxTokens: 1024,
  servers: [{ name: 'demo', url: demo.url }],
  expectations,
});

const suiteText = (cases: TestCase[]) =>
  serializeSuite({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'Weather', cases });

const ranCases = (out: string[]) => out.filter((line) => /^[✓✗] /.test(line)).map((line) => line.split(' · ')[0]);

describe('loupe test in CI', () => {
  it('--shard 1/2 and 2/2 run disjoint parts that together are exactly the suite', async () => {
    const files = { 's.json': suiteText(['a', 'b', 'c'].map((id) => caseOf(id))) };
    const first = await runCommand(['test', 's.json', '--shard', '1/2'], files);
    const second = await runCommand(['test', 's.json', '--shard', '2/2'], files);
    expect(first.code).toBe(0);
    expect(ranCases(first.out)).toEqual(['✓ Case a']);
    expect(ranCases(second.out)).toEqual(['✓ Case b', '✓ Case c']);
    expect(first.out[0]).toContain('1 case(s) · shard 1/2');
    expect(second.last).toBe('2 passed, 0 failed');
  });

  it('--reporter github prints ::error lines and writes the step summary; --baseline says what changed', async () => {
    const green = { 's.json': suiteText([caseOf('a'), caseOf('b')]) };
    const kept = await runCommand(['test', 's.json', '--reporter', 'json=base.json'], green);
    expect(kept.code).toBe(0);
    const baseline = kept.written['base.json'] ?? '';
    expect(typeof parseResults(baseline)).toBe('object');

    const never: Expectation = { kind: 'tools-called', tools: ['demo__never_called'], mode: 'set' };
    const red = { 's.json': suiteText([caseOf('a'), caseOf('b', [never])]), 'base.json': baseline };
    const env = { GITHUB_STEP_SUMMARY: '/summary.md' };
    const args = ['test', 's.json', '--reporter', 'github', '--baseline', 'base.json', '--tolerance', '1000'];
    const result = await runCommand(args, red, env);
    expect(result.code).toBe(1);
    const errors = result.out.filter((line) => line.startsWith('::error '));
    expect(errors).toEqual([
      expect.stringMatching(/^::error file=s\.json,title=Case b · demo\/demo #1::calls demo__never_called/),
    ]);
    const section = result.out.findIndex((line) => line.startsWith('Changed since baseline'));
    expect(section).toBeGreaterThan(-1);
    // Latency varies from run to run: a tolerance this wide keeps it out, so the section holds only the failure.
    expect(result.out.slice(section, section + 2)).toEqual([
      'Changed since baseline (base.json): 1 change(s)',
      expect.stringMatching(/^ {2}✗ Case b · demo\/demo: passed → failed \(calls demo__never_called/),
    ]);
    expect(result.written['/summary.md']).toContain('**1 passed, 1 failed**');
    expect(result.last).toBe('1 passed, 1 failed');
  });

  it('refuses an unusable baseline before running anything (exit 2)', async () => {
    const files = { 's.json': suiteText([caseOf('a')]), 'b.json': '{"format":"loupe-suite"}' };
    const result = await runCommand(['test', 's.json', '--baseline', 'b.json'], files);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain('The baseline b.json cannot be used');
    expect(result.out).toEqual([]);
  });
});
