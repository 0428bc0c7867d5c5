import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** the boundary clears its error when this changes (e.g. the path) */
  resetKey?: unknown;
  /** what to show instead of the default error screen; `reset` clears the error, `error` is what was thrown */
  fallback?: (reset: () => void, error: unknown) => ReactNode;
}

interface State {
  /** `undefined` while nothing failed (anything may be thrown, even null) */
  failure: { error: unknown } | undefined;
  resetKey: unknown;
}

/** Catches a render error below it and shows 'Something went wrong.' instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failure: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    // another page (a new resetKey) clears an error caught on the previous one
    return props.resetKey === state.resetKey ? null : { failure: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render.', error, info.componentStack);
  }

  reset = (): void => this.setState({ failure: undefined });

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure) return this.props.fallback ? this.props.fallback(this.reset, failure.error) : <ErrorScreen />;
    return this.props.children;
  }
}
