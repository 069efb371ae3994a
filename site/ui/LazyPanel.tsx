import { Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { commonMessages } from '../i18n/messages/common.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Skeleton } from './Skeleton.tsx';

/** How far below the screen a panel starts loading, so a steady scroll rarely meets a skeleton. */
const NEAR_SCREEN_MARGIN = '200px 0px';

/**
 * A panel below the fold, loaded when it nears the screen (the performance issue: a dashboard runs
 * only the code of what is in view before any interaction). Until then it is a skeleton of the
 * panel's usual height, so what is in view does not move when it arrives. `data-lazy-panel` names
 * it (and `data-state`: waiting, then near) for the browser tests, which scroll to it as a person does.
 *
 * A keyboard user tabbing through the page would jump from the last loaded panel to the footer, past
 * panels that have nothing to focus yet: the first Tab anywhere therefore loads every panel.
 */
export function LazyPanel({
  name,
  Panel,
  locale,
  minHeight = '16rem',
}: {
  name: string;
  Panel: LazyExoticComponent<ComponentType<{ locale: Locale }>>;
  locale: Locale;
  minHeight?: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKey);
    };
  }, [near]);

  const skeleton = (
    <div
      role="status"
      aria-label={commonMessages[locale].loading}
      data-panel-skeleton=""
      className="mt-8 space-y-3"
      style={{ minHeight }}
    >
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
  return (
    <div ref={placeholder} data-lazy-panel={name} data-state={near ? 'near' : 'waiting'}>
      {near ? (
        // A chunk that fails to load takes down this panel alone, with the error screen's Try Again.
        <ErrorBoundary locale={locale}>
          <Suspense fallback={skeleton}>
            <Panel locale={locale} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        skeleton
      )}
    </div>
  );
}
