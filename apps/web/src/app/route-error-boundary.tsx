/**
 * The global error fallback's boundary (docs/dashboard.md, "Routes and fallback pages"): a page
 * that throws while it renders shows the error screen instead of a blank page.
 */
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './routes/error-screen';

export class RouteErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; hasError: boolean }
> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
