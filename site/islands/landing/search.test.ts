import { describe, expect, it } from 'vitest';
import { serviceSuggestionLabels } from '../../i18n/messages/landing.ts';
import {
  DISTANCE_KM,
  distanceLabel,
  filterSuggestions,
  resolveService,
  searchHref,
  searchQuery,
  SERVICE_SUGGESTIONS,
  type Suggestion,
} from './search.ts';

const labels = { nearYou: 'Near you', withinKm: 'Within {n}km' };
const suggestions = (locale: 'en' | 'fr'): Suggestion[] =>
  SERVICE_SUGGESTIONS.map((value) => ({ value, label: serviceSuggestionLabels[locale][value] }));

describe('landing search card', () => {
  it('has a 0–1000 km distance slider in steps of 5, starting at 25', () => {
    expect(DISTANCE_KM).toEqual({ min: 0, max: 1000, step: 5, default: 25 });
  });

  it("reads 'Near you' at 5 km or less, otherwise 'Within {n}km'", () => {
    expect(distanceLabel(0, labels)).toBe('Near you');
    expect(distanceLabel(5, labels)).toBe('Near you');
    expect(distanceLabel(10, labels)).toBe('Within 10km');
    expect(distanceLabel(1000, labels)).toBe('Within 1000km');
  });

  it('offers the 12 suggestions of the spec, in order, in English', () => {
    expect(suggestions('en').map((s) => s.label)).toEqual([
      'House Cleaning',
      'Yard Work',
      'Moving Help',
      'Pet Care',
      'Home Repair',
      'Window Cleaning',
      'Painting',
      'Pressure Washing',
      'Furniture Assembly',
      'Grocery Shopping',
      'Handyman Services',
      'Dog Walking',
    ]);
  });

  it('filters suggestions by the typed text, prefix matches first, ignoring case and accents', () => {
    expect(filterSuggestions('Pa', suggestions('en')).map((s) => s.label)).toEqual(['Painting', 'Home Repair']);
    expect(filterSuggestions('w', suggestions('en')).map((s) => s.label)).toEqual([
      'Window Cleaning',
      'Yard Work',
      'Pressure Washing',
      'Dog Walking',
    ]);
    expect(filterSuggestions('epic', suggestions('fr')).map((s) => s.value)).toEqual(['grocery-shopping']);
    expect(filterSuggestions('  ', suggestions('en'))).toHaveLength(12);
    expect(filterSuggestions('plumbing', suggestions('en'))).toEqual([]);
  });

  it('sends a suggestion by its stable value in either language, and free text as typed', () => {
    expect(resolveService('Painting', suggestions('en'))).toBe('painting');
    expect(resolveService('peinture', suggestions('fr'))).toBe('painting');
    expect(resolveService('  Roof leak ', suggestions('en'))).toBe('Roof leak');
  });

  it('builds the /platform query from the chosen values, leaving out empty ones', () => {
    expect(searchQuery({ mode: 'contractors', service: '', distanceKm: 25 })).toBe('mode=contractors&distanceKm=25');
    expect(
      searchQuery({ mode: 'work-orders', service: 'painting', distanceKm: 0, lat: '45.5017', lng: '-73.5673' }),
    ).toBe('mode=work-orders&service=painting&distanceKm=0&lat=45.5017&lng=-73.5673');
    expect(searchQuery({ mode: 'contractors', service: 'Roof & gutters', distanceKm: 10, lat: '' })).toBe(
      'mode=contractors&service=Roof+%26+gutters&distanceKm=10',
    );
  });

  it('points at the platform page in the visitor’s language', () => {
    const values = { mode: 'contractors', service: 'painting', distanceKm: 10 } as const;
    expect(searchHref(values, 'en')).toBe('/platform?mode=contractors&service=painting&distanceKm=10');
    expect(searchHref(values, 'fr')).toBe('/fr/platform?mode=contractors&service=painting&distanceKm=10');
  });
});
