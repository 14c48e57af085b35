// `npm run loupe -- convert`, run as the real command (node + tsx): exit 0 and a file the OTLP protobuf schema
// decodes; exit 2 with the reason on stderr for input it cannot read.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { throughProto } from '../../test/support/otlp-proto';

const run = promisify(execFile);
const FIXTURE = 'test/fixtures/transcripts/v1/demo-weather-clothing.json';

async function loupe(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', 'src/headless/loupe-cli.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('loupe convert', () => {
  it('writes a transcript as OTLP/JSON (exit 0), content only with --content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-convert-'));
    const out = join(dir, 'trace.json');
    const plain = await loupe('convert', FIXTURE, '--to', 'otlp', '--out', out);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Wrote .*trace\.json: \d+ spans/);
    const written = readFileSync(out, 'utf8');
    const { decoded, written: asWritten } = throughProto(JSON.parse(written));
    expect(decoded).toEqual(asWritten);
    expect(written).toContain('invoke_agent Loupe');
    expect(written).not.toContain('gen_ai.input.messages');
    const withContent = await loupe('convert', FIXTURE, '--to', 'otlp', '--content', '--out', out);
    expect(withContent.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('gen_ai.input.messages');
  }, 60_000);

  it('exits 2 with the reason on stderr for a file that is not a transcript, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-convert-'));
    const input = join(dir, 'not.json');
    writeFileSync(input, '{"resourceSpans": "nope"}');
    const result = await loupe('convert', input, '--to', 'otlp', '--out', join(dir, 'out.json'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('format: expected "loupe-transcript"');
    expect(() => readFileSync(join(dir, 'out.json'))).toThrow();
    const missing = await loupe('convert', join(dir, 'absent.json'), '--to', 'otlp');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the file');
  }, 60_000);
});
