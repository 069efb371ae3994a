import { useLocationRequest } from './use-location-request.ts';
import { ClipboardList, LoaderCircle, LocateFixed, MapPin, Search, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { searchCardMessages, serviceSuggestionLabels } from '../../i18n/messages/landing.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { formatCoordinates, type Coordinates } from './location.ts';
import {
  DISTANCE_KM,
  distanceLabel,
  filterSuggestions,
  resolveService,
  searchHref,
  searchModes,
  SERVICE_SUGGESTIONS,
  type SearchMode,
} from './search.ts';
import { pagedValue } from './slider.ts';

type Props = { locale: Locale };

const modeIcons = { contractors: Users, 'work-orders': ClipboardList } as const;

/**
 * The landing search card (docs/product.md#site). Its server HTML is a plain GET form to
 * /platform, so it works before it hydrates; once hydrated it adds the live distance label, the
 * service combobox (ARIA 1.2, list autocomplete), the GPS button, and sends only the filled values.
 */
function SearchCard({ locale }: Props) {
  const m = searchCardMessages[locale];
  const labels = serviceSuggestionLabels[locale];
  const suggestions = useMemo(() => SERVICE_SUGGESTIONS.map((value) => ({ value, label: labels[value] })), [labels]);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    distance: `${id}-distance`,
    service: `${id}-service`,
    listbox: `${id}-listbox`,
    option: (index: number) => `${id}-option-${index}`,
  };

  const [mode, setMode] = useState<SearchMode>('contractors');
  const [distanceKm, setDistanceKm] = useState<number>(DISTANCE_KM.default);
  const [service, setService] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null);
  const { gps, requestLocation } = useLocationRequest(setCoordinates);
  const form = useRef<HTMLFormElement>(null);

  // The card hydrates at the first sign of use (client:interaction): keep whatever the visitor
  // already chose in the plain HTML form before the code arrived.
  useEffect(() => {
    const values = form.current ? new FormData(form.current) : null;
    if (!values) return;
    const chosenMode = values.get('mode');
    if (chosenMode === 'contractors' || chosenMode === 'work-orders') setMode(chosenMode);
    const chosenDistance = Number(values.get('distanceKm'));
    if (Number.isFinite(chosenDistance)) setDistanceKm(chosenDistance);
    const typed = values.get('service');
    if (typeof typed === 'string') setService(typed);
  }, []);

  const matches = filterSuggestions(service, suggestions);
  const expanded = listOpen && matches.length > 0;
  const distanceText = distanceLabel(distanceKm, m);

  // The highlighted suggestion stays in view while the arrow keys move through a scrolled list.
  useEffect(() => {
    if (expanded && active >= 0)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, id]);

  function choose(index: number) {
    const picked = matches[index];
    if (!picked) return;
    setService(picked.label);
    setListOpen(false);
    setActive(-1);
  }

  function onServiceKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = matches.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setListOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else setActive((current) => (current + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          setListOpen(true);
          setActive(count - 1);
        } else setActive((current) => (current <= 0 ? count - 1 : current - 1));
        break;
      case 'Enter':
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setListOpen(false);
          setActive(-1);
        } else if (service) {
          event.preventDefault();
          setService('');
        }
        break;
      case 'Tab':
        setListOpen(false);
        break;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.location.assign(
      searchHref(
        {
          mode,
          service: resolveService(service, suggestions),
          distanceKm,
          lat: coordinates?.lat,
          lng: coordinates?.lng,
        },
        locale,
      ),
    );
  }

  const status =
    gps.kind === 'pending'
      ? m.gettingLocation
      : gps.kind === 'problem'
        ? m[gps.problem]
        : coordinates
          ? format(m.location, { coordinates: formatCoordinates(coordinates) })
          : '';

  return (
    <form
      ref={form}
      method="get"
      action={localizePath('/platform', locale)}
      role="search"
      aria-labelledby={ids.title}
      onSubmit={onSubmit}
      className="relative rounded-2xl border border-border bg-surface p-5 shadow-2xl shadow-black/20 sm:p-6"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-6 -top-px h-px bg-gradient-to-r from-transparent via-accent to-transparent"
      />
      <h2 id={ids.title} className="text-lg font-bold tracking-tight sm:text-xl">
        {m.title}
      </h2>

      <fieldset className="mt-4">
        <legend className="sr-only">{m.modeLegend}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-surface-2 p-1">
          {searchModes.map((value) => {
            const Icon = modeIcons[value];
            return (
              <label key={value} className="relative cursor-pointer">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="peer sr-only"
                />
                <span className="flex h-10 items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium text-muted transition peer-checked:bg-accent peer-checked:text-accent-fg peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-text hover:text-fg peer-checked:hover:text-accent-fg">
                  <Icon className="hidden size-4 shrink-0 sm:block" />
                  {value === 'contractors' ? m.contractors : m.workOrders}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="mt-5">
        <label htmlFor={ids.service} className="block text-sm font-medium">
          {m.service}
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id={ids.service}
            name="service"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={ids.listbox}
            aria-activedescendant={expanded && active >= 0 ? ids.option(active) : undefined}
            placeholder={m.servicePlaceholder}
            value={service}
            onChange={(event) => {
              setService(event.target.value);
              setListOpen(event.target.value.trim() !== '');
              setActive(-1);
            }}
            onKeyDown={onServiceKeyDown}
            onBlur={() => setListOpen(false)}
            className="h-11 w-full rounded-lg border border-border bg-bg pr-3 pl-9 text-fg placeholder:text-muted focus-visible:outline-2"
          />
          <ul
            id={ids.listbox}
            role="listbox"
            aria-label={m.suggestions}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-auto rounded-lg border border-border bg-surface p-1 shadow-xl"
          >
            {matches.map((suggestion, index) => (
              <li
                key={suggestion.value}
                id={ids.option(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
                onMouseMove={() => setActive(index)}
                className="cursor-pointer rounded-md px-3 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-fg"
              >
                {suggestion.label}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={ids.distance} className="text-sm font-medium">
            {m.distance}
          </label>
          <span aria-hidden="true" className="text-sm font-semibold text-accent-text" data-distance-label>
            {distanceText}
          </span>
        </div>
        <input
          id={ids.distance}
          name="distanceKm"
          type="range"
          min={DISTANCE_KM.min}
          max={DISTANCE_KM.max}
          step={DISTANCE_KM.step}
          value={distanceKm}
          aria-valuetext={distanceText}
          onChange={(event) => setDistanceKm(Number(event.target.value))}
          onKeyDown={(event) => {
            const next = pagedValue(event.key, distanceKm, DISTANCE_KM);
            if (next === null) return;
            event.preventDefault();
            setDistanceKm(next);
          }}
          className="mt-2 h-6 w-full cursor-pointer accent-accent"
        />
        <div aria-hidden="true" className="flex justify-between text-xs text-muted">
          <span>{DISTANCE_KM.min} km</span>
          <span>{DISTANCE_KM.max} km</span>
        </div>
      </div>

      <div className="mt-4 flex items-center gap-3">
        <Button
          variant="outline"
          onClick={requestLocation}
          aria-disabled={gps.kind === 'pending' || undefined}
          className="shrink-0"
        >
          {gps.kind === 'pending' ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <LocateFixed aria-hidden="true" className="size-4" />
          )}
          {m.enableGps}
        </Button>
        <p
          role="status"
          className={`flex h-10 min-w-0 flex-1 items-center gap-1.5 text-sm leading-5 ${
            gps.kind === 'problem' ? 'text-danger' : 'text-muted'
          }`}
        >
          {coordinates && gps.kind === 'idle' ? (
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
          ) : null}
          <span className="line-clamp-2">{status}</span>
        </p>
      </div>
      {coordinates ? (
        <>
          <input type="hidden" name="lat" value={coordinates.lat} />
          <input type="hidden" name="lng" value={coordinates.lng} />
        </>
      ) : null}

      {/* One line for either mode's label at 360 px, so switching modes never changes the height. */}
      <Button type="submit" size="lg" className="mt-4 w-full px-4 text-sm whitespace-nowrap sm:text-base">
        <Search aria-hidden="true" className="size-5" />
        {mode === 'contractors' ? m.findContractors : m.browseWorkOrders}
      </Button>
    </form>
  );
}

export default island(SearchCard);
