import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './parse-cli-args';

const parse = (...argv: string[]) => parseCliArgs(['test', 'suite.json', ...argv]);

describe('parseCliArgs', () => {
  it('reads --shard, repeated --reporter, --baseline and --tolerance', () => {
    const parsed = parse(
      '--shard',
      '2/3',
      '--reporter',
      'github',
      '--reporter',
      'json=out.json',
      '--baseline',
      'b.json',
      '--tolerance',
      '0.5',
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        shard: { index: 2, total: 3 },
        reporters: [{ kind: 'github' }, { kind: 'json', path: 'out.json' }],
        baselinePath: 'b.json',
        tolerance: 0.5,
      },
    });
  });

  it('reads each --model with its own base URL, and model names that hold an @', () => {
    const parsed = parse(
      '--model',
      'demo/demo',
      '--model',
      'openai-compatible/llama@http://127.0.0.1:9/v1',
      '--model',
      'anthropic/claude@2025',
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        models: [
          { provider: 'demo', model: 'demo' },
          { provider: 'openai-compatible', model: 'llama', baseUrl: 'http://127.0.0.1:9/v1' },
          { provider: 'anthropic', model: 'claude@2025' },
        ],
      },
    });
  });

  it('refuses a bad shard, an unknown reporter and a file on a console reporter', () => {
    for (const argv of [
      ['--shard', '3/2'],
      ['--reporter', 'tap'],
      ['--reporter', 'github=x'],
      ['--model', 'demo/d@http://x'],
    ])
      expect(parse(...argv).ok).toBe(false);
  });

  it('starts no stdio server unless the person says so', () => {
    expect(parse()).toMatchObject({ ok: true, value: { allowStdio: false } });
    expect(parse('--allow-stdio')).toMatchObject({ ok: true, value: { allowStdio: true } });
  });

  it('reads in-browser/<path> whole (slashes, @ and all) and --unconstrained', () => {
    expect(parse('--model', 'in-browser/models/qwen@q4/Qwen2.5-0.5B.gguf', '--unconstrained')).toMatchObject({
      ok: true,
      value: {
        models: [{ provider: 'in-browser', model: 'models/qwen@q4/Qwen2.5-0.5B.gguf' }],
        unconstrained: true,
      },
    });
    expect(parse('--model', 'in-browser/')).toMatchObject({
      ok: false,
      message: expect.stringContaining('.gguf') as string,
    });
    expect(parse()).toMatchObject({ ok: true, value: { unconstrained: false } });
  });
});
