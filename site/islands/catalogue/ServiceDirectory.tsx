import { ChevronRight } from 'lucide-react';
import { useStore } from '@nanostores/react';
import type { ServiceDirectoryView } from '../../../shared/http/catalogue.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { serviceDirectoryMessages } from '../../i18n/messages/directory.ts';
import { $serviceDirectory, retryServiceDirectory } from './stores.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { plural } from '../../i18n/plural.ts';

type Directory = ServiceDirectoryView;
type Status = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; directory: Directory };

/** /service-directory: every category and service, with how many contractors offer it, each linking to the directory. */
function ServiceDirectory({ locale }: { locale: Locale }) {
  const m = serviceDirectoryMessages[locale];
  const loaded = useStore($serviceDirectory);
  const status: Status = loaded.data
    ? { kind: 'ready', directory: loaded.data }
    : loaded.error
      ? { kind: 'error' }
      : { kind: 'loading' };

  const count = (n: number) =>
    n === 0 ? m.contractorsNone : plural(locale, n, { one: m.contractorsOne, other: m.contractorsMany });

  if (status.kind === 'loading') {
    return (
      <div role="status" aria-label={m.loading} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-56 w-full" />
        ))}
      </div>
    );
  }
  if (status.kind === 'error') {
    return (
      <div className="mt-6 rounded-lg border border-border p-6 text-center">
        <p role="alert">{m.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void retryServiceDirectory()}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  const { directory } = status;
  return (
    <div className="mt-4 space-y-6">
      <p className="max-w-prose text-muted">
        {m.intro} {format(m.total, { n: directory.totalContractors })}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {directory.categories.map((category) => (
          <li key={category.slug}>
            <section
              aria-labelledby={`category-${category.slug}`}
              className="h-full rounded-xl border border-border bg-surface p-4 shadow-sm"
            >
              <h2 id={`category-${category.slug}`} className="text-lg font-semibold">
                <a
                  href={localizePath(`/contractors?category=${category.slug}`, locale)}
                  className="hover:underline focus-visible:outline-2"
                >
                  {category[locale]}
                </a>
              </h2>
              <p className="text-sm text-muted">{count(category.contractors)}</p>
              <ul className="mt-3 divide-y divide-border">
                {category.services.map((service) => (
                  <li key={service.slug}>
                    <a
                      href={localizePath(`/contractors?service=${service.slug}`, locale)}
                      data-service={service.slug}
                      className="flex items-center justify-between gap-3 rounded-md px-1 py-2 hover:bg-surface-2 focus-visible:outline-2"
                    >
                      <span>{service[locale]}</span>
                      <span className="flex items-center gap-1 text-sm text-muted">
                        <span data-count>{count(service.contractors)}</span>
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default island(ServiceDirectory);
