import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import type { Locale } from '../../i18n/locales.ts';
import { directoryMessages } from '../../i18n/messages/directory.ts';
import { ApiError } from '../../lib/api.ts';
import type { Results } from './DirectoryResults.tsx';
import { apiQuery, DEFAULT_FORM, formFromParams, pageQuery, whereText, type DirectoryForm } from './query.ts';
import { $browse, $browseQuery, $places, $placesQuery, placesQuery } from './stores.ts';

export type Draft = { service: string; where: string; maxPrice: string };

/**
 * The directory search's state: the form (which the URL holds), what the visitor is typing, the
 * field errors, the results from the browse store and the place suggestions from the places store.
 */
export function useDirectorySearch(locale: Locale, draftOf: (form: DirectoryForm) => Draft) {
  const m = directoryMessages[locale];
  const [form, setForm] = useState<DirectoryForm>(DEFAULT_FORM);
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<Draft>({ service: '', where: '', maxPrice: '' });
  const [errors, setErrors] = useState<{ where?: string; maxPrice?: string }>({});

  // The URL is the state: read it once mounted, and again when the visitor goes back or forward.
  useEffect(() => {
    let loading = true;
    const fromUrl = () => {
      const next = formFromParams(new URLSearchParams(window.location.search));
      const fromQuery = draftOf(next);
      const onLoad = loading;
      loading = false;
      setForm(next);
      // On load, what the visitor already typed (the fields work as soon as the page hydrates,
      // a moment before this runs) wins over the URL's empty fields; back and forward restore
      // the URL's search as it was.
      setDraft((typed) =>
        onLoad
          ? {
              service: typed.service || fromQuery.service,
              where: typed.where || fromQuery.where,
              maxPrice: typed.maxPrice || fromQuery.maxPrice,
            }
          : fromQuery,
      );
      setErrors({});
      setReady(true);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [draftOf]);

  // The search the browse store fetches: none until the URL has been read.
  useEffect(() => {
    $browseQuery.set(ready ? apiQuery(form) : null);
  }, [form, ready]);
  const browse = useStore($browse);
  const results: Results = browse.loading
    ? { kind: 'loading' }
    : browse.error
      ? { kind: 'error', message: m.loadFailed }
      : browse.data
        ? { kind: 'ready', answer: browse.data }
        : { kind: 'loading' };

  // The place could not be read: say so at the field, in the reader's language.
  useEffect(() => {
    const error = browse.error;
    if (error instanceof ApiError && error.status === 400 && (form.postalCode || form.city)) {
      setErrors({ where: error.serverMessage === POSTAL_CODE_MESSAGE ? m.invalidPostalCode : m.unknownPlace });
    }
    // Only a new failure sets the field's message; the form it failed for is the current one.
  }, [browse.error]);

  // Suggestions for the place field, from the shipped city and postal-code tables, once the
  // visitor pauses typing.
  useEffect(() => {
    const text = draft.where.trim();
    if (text.length < 2 || text === whereText(form)) {
      $placesQuery.set(null);
      return;
    }
    const timer = window.setTimeout(() => $placesQuery.set(placesQuery(text, locale)), 200);
    return () => window.clearTimeout(timer);
  }, [draft.where, form, locale]);
  const placesAsked = useStore($placesQuery);
  const suggested = useStore($places);
  const places = placesAsked === null || suggested.error ? [] : (suggested.data?.places ?? []);

  function apply(next: DirectoryForm, options: { push?: boolean } = {}) {
    setForm(next);
    const query = pageQuery(next);
    const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
    if (options.push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }

  /** A filter changed: back to the first page. */
  function change(patch: Partial<DirectoryForm>) {
    apply({ ...form, ...patch, page: 1 });
  }

  return { form, ready, draft, setDraft, errors, setErrors, results, places, apply, change };
}
