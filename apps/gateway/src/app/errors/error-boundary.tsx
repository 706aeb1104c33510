import { Component, type ErrorInfo, type ReactNode } from 'react';
import { type CountryCode } from '../../shared/locale';
import { errorViewFor } from './error-views';

interface Props {
  country: CountryCode;
  children: ReactNode;
}

/** Catches a fatal render error in the browser and shows the country's error screen instead. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fatal render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const View = errorViewFor(this.props.country);
    return <View />;
  }
}
