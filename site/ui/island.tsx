import type { ComponentType } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/** Tooltips open after 700 ms, and 300 ms after another closed (docs/product.md#site). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Every island is its own React root: this gives each one the error screen of docs/product.md#site.
 * Islands take their locale as a prop from the page.
 */
export function island<P extends { locale: Locale }>(Inner: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    return (
      <ErrorBoundary locale={props.locale}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Island.displayName = `Island(${Inner.displayName ?? Inner.name})`;
  return Island;
}
