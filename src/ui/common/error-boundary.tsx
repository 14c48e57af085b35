// One reusable error boundary: a part that fails to render says so where it was, and the rest of Loupe keeps
// working. React reports the caught error as usual (console); the person sees it in plain words here.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

/** What a fallback is given: the error and a way to render the part again. */
export interface RenderFailure {
  error: Error;
  retry: () => void;
}

interface ErrorBoundaryProps {
  /** The part this guards, as a person calls it ("Settings", "Round 3"); used by the default fallback. */
  label: string;
  /** What to show instead of the part; the default is an alert naming it, with Try again. */
  fallback?: (failure: RenderFailure) => ReactNode;
  /** Told once per caught error (the root uses it to open safe mode). */
  onError?: (error: Error, info: ErrorInfo) => void;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Anything thrown, as an Error (a hostile value may throw a string, or an object with a getter that throws). */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  try {
    return new Error(String(thrown));
  } catch {
    return new Error('an unknown error');
  }
}

/** The default fallback: an alert that names the part and the error, and offers to try again. */
export function PartFailed({ label, failure }: { label: string; failure: RenderFailure }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p>
        <span className="font-medium">{label} could not be shown</span>: {failure.error.message || failure.error.name}.
        The rest of Loupe still works.
      </p>
      <button
        type="button"
        onClick={failure.retry}
        className="mt-1.5 rounded-md border border-red-300 px-2 py-0.5 text-xs font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-red-800 dark:hover:bg-red-900/40"
      >
        Try again
      </button>
    </div>
  );
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): ErrorBoundaryState {
    return { error: toError(thrown) };
  }

  override componentDidCatch(thrown: unknown, info: ErrorInfo): void {
    this.props.onError?.(toError(thrown), info);
  }

  private readonly retry = (): void => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const failure = { error, retry: this.retry };
    return this.props.fallback ? (
      this.props.fallback(failure)
    ) : (
      <PartFailed label={this.props.label} failure={failure} />
    );
  }
}
