import { Search, UserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { getJson } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

export type PickedContractor = { id: string; name: string | null; place: string | null };

type DirectoryEntry = {
  id: string;
  name: string;
  city?: string | null;
  province?: string | null;
  location?: string | null;
};

const SEARCH_DELAY_MS = 300;

function placeOf(entry: DirectoryEntry): string | null {
  if (entry.city) return [entry.city, entry.province].filter(Boolean).join(', ');
  return entry.location ?? null;
}

/**
 * The contractor of a direct post: searched in the public directory
 * (`GET /api/contractors/browse?search=`), or given by `?contractor=<id>` from a profile's "request
 * a quote" button (the name then comes from `GET /api/contractors/{id}`).
 */
export function ContractorPicker({
  locale,
  value,
  initialId,
  error,
  onChange,
}: {
  locale: Locale;
  value: PickedContractor | null;
  initialId: string | null;
  error: string | null;
  onChange: (contractor: PickedContractor | null) => void;
}) {
  const m = workMessages[locale];
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<DirectoryEntry[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);

  // A contractor named in the URL is chosen at once; their name follows when the profile answers.
  useEffect(() => {
    if (!initialId || value) return;
    onChange({ id: initialId, name: null, place: null });
    getJson<DirectoryEntry>(`/api/contractors/${encodeURIComponent(initialId)}`)
      .then((entry) => {
        if (entry?.name) onChange({ id: initialId, name: entry.name, place: placeOf(entry) });
      })
      .catch(() => {
        // Unknown or unlisted: the server refuses the post with a clear message; let them search.
        onChange(null);
      });
    // Only once, for the id the page was opened with.
  }, [initialId]);

  useEffect(() => {
    if (value) return;
    const query = text.trim();
    let stale = false;
    const timer = window.setTimeout(() => {
      setSearching(true);
      const params = new URLSearchParams({ limit: '8' });
      if (query) params.set('search', query);
      getJson<{ contractors: DirectoryEntry[] }>(`/api/contractors/browse?${params.toString()}`)
        .then((answer) => {
          if (stale) return;
          setResults(answer?.contractors ?? []);
          setFailed(false);
        })
        .catch(() => {
          if (!stale) setFailed(true);
        })
        .finally(() => {
          if (!stale) setSearching(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [text, value]);

  if (value) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent bg-accent/5 p-3">
        <p className="flex items-center gap-2 text-sm" aria-live="polite">
          <UserRound aria-hidden="true" className="h-4 w-4" />
          {value.name ? format(m.contractorChosen, { name: value.name }) : <Skeleton className="h-4 w-40" />}
          {value.place ? <span className="text-muted">· {value.place}</span> : null}
        </p>
        <Button variant="outline" size="sm" onClick={() => onChange(null)}>
          {m.contractorChange}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-2 rounded-xl border border-border p-3">
      <label htmlFor={`${id}-search`} className="block text-sm font-medium">
        {m.contractorSearch}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
        />
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          placeholder={m.contractorSearchPlaceholder}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="pl-9"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div aria-live="polite" aria-busy={searching}>
        {failed ? (
          <p className="text-sm text-danger">{m.loadFailed}</p>
        ) : results === null ? (
          <Skeleton className="h-10 w-full" />
        ) : results.length === 0 ? (
          <p className="text-sm text-muted">{m.contractorNone}</p>
        ) : (
          <ul className="divide-y divide-border">
            {results.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-medium">{entry.name}</span>
                  {placeOf(entry) && <span className="block truncate text-muted">{placeOf(entry)}</span>}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`${m.contractorPick}: ${entry.name}`}
                  onClick={() => onChange({ id: entry.id, name: entry.name, place: placeOf(entry) })}
                >
                  {m.contractorPick}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
