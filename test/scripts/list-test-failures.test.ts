// The end of `npm test`'s output names each failed case and the first lines of why it failed: a CI log is often
// read from its tail only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

interface Failure {
  name: string;
  why: string[];
}
const { firstLines, listTestFailures } = (await import(
  pathToFileURL(join(process.cwd(), 'scripts/list-test-failures.mjs')).href
)) as { firstLines: (message: unknown) => string[]; listTestFailures: (dir: string) => Failure[] };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-reports-'));
  dirs.push(dir);
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(value));
  return dir;
}

describe('listTestFailures', () => {
  it('gives each failed case of the three reports with the first lines of its error', () => {
    const dir = reports({
      'vitest.json': {
        testResults: [
          {
            name: `${process.cwd()}/src/a.test.ts`,
            assertionResults: [
              { status: 'passed', fullName: 'fine' },
              {
                status: 'failed',
                fullName: 'adds',
                failureMessages: ['AssertionError: expected 3 to be 4\n    at a.test.ts:3'],
              },
            ],
          },
        ],
      },
      'playwright.json': {
        suites: [
          {
            suites: [
              {
                specs: [
                  {
                    file: 'compaction.spec.ts',
                    line: 26,
                    title: 'compacts',
                    tests: [
                      {
                        status: 'unexpected',
                        results: [
                          {
                            error: {
                              message:
                                '\u001b[31mError: the page logged errors\u001b[39m\n\n- Expected  - 0\n+ Received  + 1\n\n+   "console.error: boom"',
                            },
                          },
                        ],
                      },
                    ],
                  },
                  { file: 'ok.spec.ts', line: 1, title: 'ok', tests: [{ status: 'expected', results: [{}] }] },
                ],
              },
            ],
          },
        ],
      },
      'conformance.json': {
        scenarios: [
          { mode: 'client', scenario: 'good', passed: true, successes: 3, failures: 0 },
          { mode: 'client', scenario: 'bad', passed: false, successes: 1, failures: 2, timedOut: true },
        ],
      },
    });
    expect(listTestFailures(dir)).toEqual([
      { name: 'vitest src/a.test.ts › adds', why: ['AssertionError: expected 3 to be 4', '    at a.test.ts:3'] },
      {
        name: 'e2e compaction.spec.ts:26 › compacts (unexpected)',
        why: ['Error: the page logged errors', '- Expected  - 0', '+ Received  + 1', '+   "console.error: boom"'],
      },
      { name: 'conformance client bad', why: ['1 checks passed, 2 failed, stopped: it hung'] },
    ]);
  });

  it("reads the unit and the integration project's reports, as npm test writes one a Vitest project", () => {
    const failing = (file: string, fullName: string) => ({
      testResults: [
        {
          name: `${process.cwd()}/${file}`,
          assertionResults: [{ status: 'failed', fullName, failureMessages: ['Error: no'] }],
        },
      ],
    });
    const dir = reports({
      'vitest-unit.json': failing('src/u.test.ts', 'unit case'),
      'vitest-integration.json': failing('src/i.integration.test.ts', 'integration case'),
    });
    expect(listTestFailures(dir)).toEqual([
      { name: 'vitest src/u.test.ts › unit case', why: ['Error: no'] },
      { name: 'vitest src/i.integration.test.ts › integration case', why: ['Error: no'] },
    ]);
  });

  it('lists nothing when there are no reports (a step that never ran)', () => {
    expect(listTestFailures(reports({}))).toEqual([]);
  });

  it('keeps at most 8 lines, each cut at 240 characters, and takes a missing message as none', () => {
    const long = 'x'.repeat(300);
    const lines = firstLines([long, ...Array.from({ length: 20 }, (_, index) => `line ${index}`)].join('\n'));
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe(`${'x'.repeat(240)}…`);
    expect(lines[7]).toBe('line 6');
    expect(firstLines(undefined)).toEqual([]);
  });
});
