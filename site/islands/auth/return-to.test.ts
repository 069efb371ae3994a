import { describe, expect, it } from 'vitest';
import { RETURN_TO_KEY } from '../guard/destination.ts';
import { queryReturnTo, rememberReturnTo, takeDestination, type ReturnToStorage } from './return-to.ts';

function memoryStorage(initial: Record<string, string> = {}): ReturnToStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('returnTo on the sign-in screen', () => {
  it('reads the query value', () => {
    expect(queryReturnTo('?returnTo=%2Fcontracts%3Fx%3D1')).toBe('/contracts?x=1');
    expect(queryReturnTo('')).toBeNull();
  });

  it('remembers a safe query value in session storage, and nothing else', () => {
    const storage = memoryStorage();
    rememberReturnTo('?returnTo=%2Fsubscriptions', storage);
    expect(storage.data.get(RETURN_TO_KEY)).toBe('/subscriptions');

    for (const unsafe of ['//evil.example', 'https://evil.example', 'contracts', '/\\evil.example']) {
      const other = memoryStorage();
      rememberReturnTo(`?returnTo=${encodeURIComponent(unsafe)}`, other);
      expect(other.data.has(RETURN_TO_KEY)).toBe(false);
    }
  });

  it('survives storage that throws or is missing', () => {
    const throwing: ReturnToStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberReturnTo('?returnTo=%2Fx', throwing)).not.toThrow();
    expect(() => rememberReturnTo('?returnTo=%2Fx', null)).not.toThrow();
    expect(takeDestination('customer', '', throwing, 'en')).toBe('/platform');
    expect(takeDestination('contractor', '', null, 'fr')).toBe('/fr/contractor-dashboard');
  });

  it('goes to the query value first, then the stored one, then the role home; the stored value is used up', () => {
    const storage = memoryStorage({ [RETURN_TO_KEY]: '/stored' });
    expect(takeDestination('customer', '?returnTo=%2Fquery', storage, 'en')).toBe('/query');
    expect(storage.data.has(RETURN_TO_KEY)).toBe(false);

    const stored = memoryStorage({ [RETURN_TO_KEY]: '/stored' });
    expect(takeDestination('customer', '', stored, 'en')).toBe('/stored');
    expect(takeDestination('customer', '', stored, 'en')).toBe('/platform');

    expect(takeDestination('contractor', '?returnTo=%2F%2Fevil', memoryStorage(), 'en')).toBe('/contractor-dashboard');
    expect(takeDestination('customer', '', memoryStorage(), 'fr')).toBe('/fr/platform');
  });
});
