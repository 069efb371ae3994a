import { Search, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useRead, workRead } from './stores.ts';

export type PickedContractor = { id: string; name: string | null; place: string | null };

type DirectoryEntry = {
  id: string;
  name: string;
  city?: string | null;
  province?: string | null;
  location?: string | null;
};

const SEARCH_DELAY_MS = 300;

type SearchAnswer = { contractors?: DirectoryEntry[] };

function searchUrl(query: string) {
  const params = new URLSearchParams({ limit: '8' });
  if (query) params.set('search', query);
  return `/api/contractors/browse?${params.toString()}`;
}

const profileUrl = (id: string) => `/api/contractors/${encodeURIComponent(id)}`;

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
  // The search waits for a pause in typing; each search is a read of the directory (cached by its URL).
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    if (value) return;
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);
  const search = useRead(value || query === null ? null : workRead<SearchAnswer>(searchUrl(query)));
  // The last answer stays on screen while the next search runs.
  const shown = useRef<DirectoryEntry[] | null>(null);
  if (search.data) shown.current = search.data.contractors ?? [];
  const results = shown.current;
  const searching = search.loading;
  const failed = Boolean(search.error);

  // A contractor named in the URL is chosen at once; their name follows when the profile answers.
  const profile = useRead(initialId ? workRead<DirectoryEntry | null>(profileUrl(initialId)) : null);
  useEffect(() => {
    if (initialId && !value) onChange({ id: initialId, name: null, place: null });
    // Only once, for the id the page was opened with.
  }, [initialId]);
  useEffect(() => {
    if (!initialId || (value && (value.id !== initialId || value.name !== null))) return;
    if (profile.data?.name) onChange({ id: initialId, name: profile.data.name, place: placeOf(profile.data) });
    // Unknown or unlisted: the server refuses the post with a clear message; let them search.
    else if (profile.error) onChange(null);
  }, [profile.data, profile.error]);

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
                  aria-label={format(m.labelled, { label: m.contractorPick, value: entry.name })}
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
