import { Component, type ErrorInfo, type ReactNode } from 'react';
import { commonMessages } from '../i18n/messages/common.ts';
import type { Locale } from '../i18n/locales.ts';
import { localizePath } from '../i18n/locales.ts';
import { Button } from './Button.tsx';

type Props = { locale: Locale; children: ReactNode };
type State = { error: Error | null };

/** The error screen of docs/product.md#site, around every island. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Island crashed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const m = commonMessages[this.props.locale];
    return (
      <div
        role="alert"
        className="mx-auto my-6 max-w-lg rounded-xl border border-border bg-surface p-6 text-fg shadow-sm"
      >
        <h2 className="text-lg font-semibold">{m.errorTitle}</h2>
        <p className="mt-1 text-sm text-muted">{m.errorText}</p>
        <pre className="mt-3 overflow-x-auto rounded-md bg-surface-2 p-3 text-xs whitespace-pre-wrap">
          {error.message}
        </pre>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => this.setState({ error: null })}>{m.tryAgain}</Button>
          <Button variant="outline" onClick={() => window.location.assign(localizePath('/', this.props.locale))}>
            {m.goHome}
          </Button>
        </div>
      </div>
    );
  }
}
