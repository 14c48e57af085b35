import { describe, expect, it } from 'vitest';
import { renderJinjaTemplate, TEMPLATE_LIMITS } from './render-jinja-template';

describe('renderJinjaTemplate', () => {
  it('renders a template with its context, dropping one trailing newline as Jinja does', () => {
    expect(
      renderJinjaTemplate('{% for m in messages %}{{ m.role }}:{{ m.content }};{% endfor %}\n', {
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).toEqual({ text: 'user:hi;' });
  });

  it('knows the globals templates use (namespace, none, raise_exception) but no clock', () => {
    expect(renderJinjaTemplate('{% set ns = namespace(n=1) %}{{ ns.n }}{{ none is none }}', {})).toEqual({
      text: '1true',
    });
    expect(renderJinjaTemplate('{{ raise_exception("roles must alternate") }}', {})).toEqual({
      error: 'the chat template failed: roles must alternate',
    });
    expect(renderJinjaTemplate('{{ strftime_now is defined }}', {})).toEqual({ text: 'false' });
  });

  describe('hostile templates (a GGUF anyone can write)', () => {
    it('refuses a template that is not text', () => {
      for (const source of [42, null, { a: 1 }, ['x']])
        expect(renderJinjaTemplate(source, {})).toEqual({ error: 'the chat template is not text' });
    });

    it('refuses a huge template without parsing it', () => {
      const huge = 'x'.repeat(TEMPLATE_LIMITS.sourceChars + 1);
      expect(renderJinjaTemplate(huge, {})).toMatchObject({ error: expect.stringContaining('longer than') as string });
    });

    it('stops a loop over a huge range before making it', () => {
      expect(renderJinjaTemplate('{% for i in range(1000000000) %}x{% endfor %}', {})).toEqual({
        error: 'the chat template was stopped: it loops too long',
      });
    });

    it('stops nested loops that are each small but together endless, by counting steps', () => {
      const nested = '{% for a in range(300) %}{% for b in range(300) %}{{ a }}{% endfor %}{% endfor %}';
      expect(renderJinjaTemplate(nested, {})).toEqual({ error: 'the chat template was stopped: it runs too long' });
    });

    it('stops a string that doubles itself', () => {
      const doubling =
        '{% set ns = namespace(s="ab") %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}';
      expect(renderJinjaTemplate(doubling, {})).toEqual({ error: 'the chat template was stopped: it writes too much' });
    });

    it('stops a macro that calls itself', () => {
      const recursive = '{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}';
      expect(renderJinjaTemplate(recursive, {})).toMatchObject({
        error: expect.stringMatching(/^the chat template/) as string,
      });
    });

    it('says a template that does not parse does not parse', () => {
      expect(renderJinjaTemplate('{% for %}', {})).toMatchObject({
        error: expect.stringContaining('does not parse') as string,
      });
    });

    it('renders normally again after a stopped render (the budget is per render)', () => {
      renderJinjaTemplate('{% for a in range(300) %}{% for b in range(300) %}x{% endfor %}{% endfor %}', {});
      expect(renderJinjaTemplate('{% for i in range(3) %}{{ i }}{% endfor %}', {})).toEqual({ text: '012' });
    });
  });
});
