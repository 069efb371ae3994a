import { describe, expect, it } from 'vitest';
import { THEME_KEY, THEME_STORE_ATTRIBUTE } from '../stores/accent.ts';
import { CARRY_OVER_KEY } from '../stores/toasts.ts';
import { SHELL_BOOT_SCRIPT } from './shell-boot.ts';
import { THEME_BOOT_SCRIPT } from './theme-boot.ts';

type Listener = (event: Record<string, unknown>) => void;

/** A fake page for the inline scripts: <html>'s attributes, cookies, storage and the document's listeners. */
function fakePage({ cookie = '', session = {} as Record<string, string> } = {}) {
  const attributes = new Map<string, string>();
  const listeners: Record<string, Listener[]> = {};
  const local = new Map<string, string>();
  const root = {
    dataset: {} as Record<string, string>,
    style: { setProperty: () => {} },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
  };
  const document = {
    documentElement: root,
    cookie,
    addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
  };
  const localStorage = {
    getItem: (key: string) => local.get(key) ?? null,
    setItem: (key: string, value: string) => local.set(key, value),
  };
  const sessionStorage = { getItem: (key: string) => session[key] ?? null };
  const location = { search: '?q=1', hash: '#top' };
  class Element {
    constructor(private readonly matches: Record<string, Element | null>) {}
    closest(selector: string) {
      return this.matches[selector] ?? null;
    }
  }
  const run = (script: string) =>
    new Function('document', 'localStorage', 'sessionStorage', 'location', 'Element', script)(
      document,
      localStorage,
      sessionStorage,
      location,
      Element,
    );
  const fire = (type: string, event: Record<string, unknown>) => {
    for (const listener of listeners[type] ?? []) listener(event);
  };
  return { root, attributes, document, local, run, fire, Element };
}

describe('shell boot script', () => {
  it('marks <html> signed in only when the session hint cookie says so', () => {
    const signedIn = fakePage({ cookie: 'lang=fr; signed_in=1' });
    signedIn.run(SHELL_BOOT_SCRIPT);
    expect(signedIn.attributes.has('data-signed-in')).toBe(true);
    for (const cookie of ['', 'signed_in=0', 'not_signed_in=1', 'signed_in=10']) {
      const page = fakePage({ cookie });
      page.run(SHELL_BOOT_SCRIPT);
      expect(page.attributes.has('data-signed-in'), cookie).toBe(false);
    }
  });

  it('asks for the toast host for a toast carried over from the previous page, and for F8', () => {
    const carried = fakePage({ session: { [CARRY_OVER_KEY]: '{"title":"Saved"}' } });
    carried.run(SHELL_BOOT_SCRIPT);
    expect(carried.attributes.get('data-toast-waiting')).toBe('carried');

    const quiet = fakePage();
    quiet.run(SHELL_BOOT_SCRIPT);
    expect(quiet.attributes.has('data-toast-waiting')).toBe(false);
    quiet.fire('keydown', { key: 'a' });
    expect(quiet.attributes.has('data-toast-waiting')).toBe(false);
    quiet.fire('keydown', { key: 'F8' });
    expect(quiet.attributes.get('data-toast-waiting')).toBe('hotkey');
  });

  it('remembers the language chosen on the switch link, as rememberLocale does, keeping query and hash', () => {
    const page = fakePage();
    page.run(SHELL_BOOT_SCRIPT);
    const link = { href: 'http://x/fr/pricing', getAttribute: () => 'fr' };
    const target = new page.Element({ 'a[data-locale-switch]': link as never });
    page.fire('click', { target });
    expect(page.document.cookie).toBe('lang=fr; path=/; max-age=31536000; samesite=lax');
    expect(page.local.get('marketplace:locale')).toBe('fr');
    expect(link.href).toBe('http://x/fr/pricing?q=1#top');
  });
});

describe('theme button before the theme store runs', () => {
  it('toggles and saves the theme, applies the accent for it, and stops the press there', () => {
    const page = fakePage();
    page.run(THEME_BOOT_SCRIPT);
    expect(page.root.dataset.theme).toBe('dark');
    let stopped = 0;
    const press = () =>
      page.fire('click', {
        isTrusted: true,
        target: new page.Element({ '[data-theme-toggle]': {} as never }),
        stopImmediatePropagation: () => (stopped += 1),
      });
    press();
    expect(page.root.dataset.theme).toBe('light');
    expect(page.local.get(THEME_KEY)).toBe('light');
    press();
    expect(page.root.dataset.theme).toBe('dark');
    expect(stopped).toBe(2);

    // Once the store runs, the press is its own (and the early-input script's, until hydration).
    page.attributes.set(THEME_STORE_ATTRIBUTE, '');
    press();
    expect(page.root.dataset.theme).toBe('dark');
    expect(stopped).toBe(2);
  });
});
