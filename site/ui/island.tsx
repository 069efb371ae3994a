import type { ComponentType } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { FirstReadsContext, type FirstReads } from '../lib/first-reads.ts';
import { seedQueryCache } from '../lib/query.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/** Tooltips open after 700 ms, and 300 ms after another closed (docs/product.md#site). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Every island is its own React root: this gives each one the error screen of docs/product.md#site.
 * Islands take their locale as a prop from the page, and the page's first data when it read some
 * (site/lib/first-reads.ts): in the browser it goes into the query cache before anything renders.
 */
export function island<P extends { locale: Locale }>(
  Inner: ComponentType<P>,
): ComponentType<P & { firstReads?: FirstReads }> {
  function Island(props: P & { firstReads?: FirstReads }) {
    if (props.firstReads) seedQueryCache(props.firstReads);
    const inner = <Inner {...props} />;
    return (
      <ErrorBoundary locale={props.locale}>
        {/* An island used inside another one (the admin dashboard's metrics) reads the outer page's reads. */}
        {props.firstReads ? (
          <FirstReadsContext.Provider value={props.firstReads}>{inner}</FirstReadsContext.Provider>
        ) : (
          inner
        )}
      </ErrorBoundary>
    );
  }
  Island.displayName = `Island(${Inner.displayName ?? Inner.name})`;
  return Island;
}
