// @vitest-environment happy-dom
// The Problems list: each problem as an item of a list named Problems, nothing at all when there are none.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../test/support/react-root';
import { ProblemList } from './problem-list';

const mounted = useReactRoot();

describe('ProblemList', () => {
  it('lists each problem in a list named Problems, with the extra class', () => {
    act(() =>
      mounted.root.render(
        createElement(ProblemList, { problems: ['A is missing.', 'B is too long.'], className: 'mt-3' }),
      ),
    );
    const list = mounted.container.querySelector('ul');
    expect(list?.getAttribute('aria-label')).toBe('Problems');
    expect(list?.className.split(' ')).toContain('mt-3');
    expect([...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'A is missing.',
      'B is too long.',
    ]);
  });

  it('renders nothing when there is no problem', () => {
    act(() => mounted.root.render(createElement(ProblemList, { problems: [] })));
    expect(mounted.container.innerHTML).toBe('');
  });
});
