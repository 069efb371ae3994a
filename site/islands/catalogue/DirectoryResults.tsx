import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { directoryMessages } from '../../i18n/messages/directory.ts';
import { plural } from '../../i18n/plural.ts';
import { ContractorCard } from './ContractorCard.tsx';
import { placeLabel } from './parts.tsx';
import { hasPlace, PAGE_SIZE, type DirectoryForm } from './query.ts';
import type { BrowseAnswer } from './types.ts';

/** The directory's results as the search stands: loading, failed, or an answer. */
export type Results =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; answer: BrowseAnswer };

export function resultsTitle(answer: BrowseAnswer, m: (typeof directoryMessages)['en'], locale: Locale): string {
  const count = plural(locale, answer.total, { one: m.resultsOne, other: m.resultsMany });
  const place = answer.place ? placeLabel(answer.place, locale) : null;
  return place ? `${count} ${format(m.near, { place })}` : count;
}

export function ResultsBody({
  results,
  locale,
  form,
  onRetry,
  onClear,
  onPage,
}: {
  results: Results;
  locale: Locale;
  form: DirectoryForm;
  onRetry: () => void;
  onClear: () => void;
  onPage: (page: number) => void;
}) {
  const m = directoryMessages[locale];
  if (results.kind === 'loading') {
    return (
      <div role="status" aria-label={m.loading} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-48 w-full" />
        ))}
      </div>
    );
  }
  if (results.kind === 'error') {
    return (
      <div className="mt-4 rounded-lg border border-border p-6 text-center">
        <p role="alert">{results.message}</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  const { answer } = results;
  if (answer.contractors.length === 0) {
    return (
      <div className="mt-4 rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-medium">{m.empty}</p>
        <p className="mt-1 text-sm text-muted">{m.emptyHint}</p>
        <Button variant="outline" className="mt-4" onClick={onClear}>
          {m.clearFilters}
        </Button>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
  return (
    <>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {answer.contractors.map((contractor) => (
          <li key={contractor.id}>
            <ContractorCard contractor={contractor} locale={locale} showDistance={hasPlace(form)} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label={m.results} className="mt-6 flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={form.page <= 1} onClick={() => onPage(form.page - 1)}>
            {m.previous}
          </Button>
          <span className="text-sm text-muted">{format(m.pageOf, { page: form.page, pages })}</span>
          <Button variant="outline" size="sm" disabled={form.page >= pages} onClick={() => onPage(form.page + 1)}>
            {m.next}
          </Button>
        </nav>
      )}
    </>
  );
}
