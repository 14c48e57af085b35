// `npm test` and `npm run check:fast` run their stages through runStages: in list order as slots free up,
// skipping what needs a failed stage, each stage's output printed whole.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Stage {
  name: string;
  command: string;
  args: string[];
  needs?: string[];
}
interface StageResult {
  name: string;
  ok: boolean;
  seconds: number;
  skipped: boolean;
}
const { runStages, formatStageTimes } = (await import(
  pathToFileURL(join(process.cwd(), 'scripts/checks/run-stages.mjs')).href
)) as {
  runStages: (stages: Stage[], options: { jobs: number; print: (text: string) => void }) => Promise<StageResult[]>;
  formatStageTimes: (results: StageResult[], wallSeconds: number) => string[];
};

/** A stage that prints `lines` one by one, a tick apart, and exits with `code`. */
function node(name: string, lines: string[], code = 0, needs?: string[]): Stage {
  const script = `const lines=${JSON.stringify(lines)};let i=0;const t=setInterval(()=>{if(i<lines.length)console.log(lines[i++]);else{clearInterval(t);process.exit(${code})}},5)`;
  return { name, command: process.execPath, args: ['-e', script], ...(needs ? { needs } : {}) };
}

async function run(stages: Stage[], jobs: number) {
  let printed = '';
  const results = await runStages(stages, { jobs, print: (text) => (printed += text) });
  return { results, printed };
}

describe('runStages', () => {
  it('prints each stage whole even when two run at once, and answers in list order', async () => {
    const { results, printed } = await run([node('a', ['a1', 'a2', 'a3']), node('b', ['b1', 'b2', 'b3'])], 2);
    expect(results.map((result) => [result.name, result.ok, result.skipped])).toEqual([
      ['a', true, false],
      ['b', true, false],
    ]);
    expect(printed).toContain('a1\na2\na3\n=== a: ok');
    expect(printed).toContain('b1\nb2\nb3\n=== b: ok');
    // Both started before either ended: the two slots were used.
    expect(printed.indexOf('=== b: started')).toBeLessThan(printed.indexOf('=== a: ok'));
  });

  it('runs one at a time with one slot, and skips a stage whose need failed while the others go on', async () => {
    const { results, printed } = await run(
      [node('build', ['x'], 1), node('e2e', ['never'], 0, ['build']), node('lint', ['fine'])],
      1,
    );
    expect(results.map((result) => [result.name, result.ok, result.skipped])).toEqual([
      ['build', false, false],
      ['e2e', false, true],
      ['lint', true, false],
    ]);
    expect(printed).not.toContain('never');
    expect(printed).toContain('=== e2e: skipped (needs build)');
    expect(printed.indexOf('=== lint: started')).toBeGreaterThan(printed.indexOf('=== build: FAILED'));
  });

  it('skips a stage that needs one not in the list instead of waiting for ever', async () => {
    const { results } = await run([node('a', ['a'], 0, ['missing'])], 2);
    expect(results).toEqual([{ name: 'a', ok: false, seconds: 0, skipped: true }]);
  });
});

describe('formatStageTimes', () => {
  it('lines up each stage with its verdict and seconds, and ends with the wall time', () => {
    const lines = formatStageTimes(
      [
        { name: 'lint', ok: true, seconds: 61.25, skipped: false },
        { name: 'end-to-end', ok: false, seconds: 402, skipped: false },
        { name: 'e2e', ok: false, seconds: 0, skipped: true },
      ],
      470.04,
    );
    expect(lines).toEqual([
      'Stage times:',
      '  lint        ok         61.3 s',
      '  end-to-end  FAILED    402.0 s',
      '  e2e         skipped     0.0 s',
      '  wall                  470.0 s',
    ]);
  });
});
