// @vitest-environment happy-dom
// A Field's label names its control, and its hint or error describes it.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { useReactRoot } from '../../../test/support/react-root';

const mounted = useReactRoot();

function renderField(props: { hint?: string; error?: string }) {
  act(() =>
    mounted.root.render(
      createElement(Field, { label: 'Base URL', ...props, children: (control) => createElement('input', control) }),
    ),
  );
  const input = mounted.container.querySelector('input');
  const label = mounted.container.querySelector('label');
  if (!input || !label) throw new Error('Field rendered no label or input');
  const describedBy = input.getAttribute('aria-describedby');
  const note = describedBy === null ? null : document.getElementById(describedBy);
  return { input, label, note };
}

describe('Field', () => {
  it('labels its control by id, and leaves it undescribed and valid without a hint or error', () => {
    const { input, label, note } = renderField({});
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe('Base URL');
    expect(note).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('describes the control with its hint', () => {
    const { input, note } = renderField({ hint: 'Usually ends in /v1' });
    expect(note?.textContent).toBe('Usually ends in /v1');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows an error in place of the hint, describes the control with it and marks it invalid', () => {
    const { input, note } = renderField({ hint: 'Usually ends in /v1', error: 'Not a URL' });
    expect(note?.textContent).toBe('Not a URL');
    expect(mounted.container.textContent).not.toContain('Usually ends in /v1');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an aside at the end of the label line, outside the label, so the name stays the label alone', () => {
    act(() =>
      mounted.root.render(
        createElement(Field, {
          label: 'Model',
          aside: createElement('button', { type: 'button' }, 'Refresh models'),
          children: (control) => createElement('input', control),
        }),
      ),
    );
    const label = mounted.container.querySelector('label');
    const input = mounted.container.querySelector('input');
    expect(label?.htmlFor).toBe(input?.id);
    expect(label?.textContent).toBe('Model');
    expect(label?.parentElement?.querySelector('button')?.textContent).toBe('Refresh models');
  });
});
