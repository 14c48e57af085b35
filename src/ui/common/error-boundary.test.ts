import { createElement } from 'react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, toError } from './error-boundary';
import type { RenderFailure } from './error-boundary';

type Props = ConstructorParameters<typeof ErrorBoundary>[0];

/** The boundary as React leaves it after catching `thrown` (server rendering has no boundaries to exercise). */
function caught(thrown: unknown, props: Partial<Props> = {}): ErrorBoundary {
  const boundary = new ErrorBoundary({
    label: 'The Tools panel',
    children: createElement('p', null, 'fine'),
    ...props,
  });
  boundary.state = ErrorBoundary.getDerivedStateFromError(thrown);
  return boundary;
}

const html = (boundary: ErrorBoundary): string => renderToStaticMarkup(boundary.render() as ReactElement);

describe('ErrorBoundary', () => {
  it('renders its children while nothing failed', () => {
    expect(html(new ErrorBoundary({ label: 'x', children: createElement('p', null, 'fine') }))).toBe('<p>fine</p>');
  });

  it('names the part and the error in an alert, with Try again', () => {
    const shown = html(caught(new RangeError('Maximum call stack size exceeded')));
    expect(shown).toContain('role="alert"');
    expect(shown).toContain('The Tools panel could not be shown');
    expect(shown).toContain('Maximum call stack size exceeded');
    expect(shown).toContain('Try again');
  });

  it('shows error text as text', () => {
    expect(html(caught(new Error('<img src=x onerror=alert(1)>')))).not.toContain('<img');
  });

  it('uses a given fallback, whose retry renders the children again', () => {
    const fallback = vi.fn((failure: RenderFailure) => createElement('em', null, `failed: ${failure.error.message}`));
    const boundary = caught('a thrown string', { fallback });
    expect(html(boundary)).toBe('<em>failed: a thrown string</em>');
    const setState = vi.spyOn(boundary, 'setState').mockImplementation(() => undefined);
    fallback.mock.calls[0]?.[0].retry();
    expect(setState).toHaveBeenCalledWith({ error: null });
  });

  it('tells onError what it caught', () => {
    const onError = vi.fn();
    caught(new Error('x'), { onError }).componentDidCatch(new Error('boom'), { componentStack: '' });
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'boom' });
  });

  it('turns anything thrown into an Error, even a value whose toString throws', () => {
    expect(toError('s').message).toBe('s');
    const hostile = {
      toString(): string {
        throw new Error('no');
      },
    };
    expect(toError(hostile).message).toBe('an unknown error');
  });
});
