import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dialogHostListening,
  dialogHostStopped,
  FOOTER_COMPANY_DIALOGS,
  FOOTER_PLATFORM_DIALOGS,
  OPEN_DIALOG_EVENT,
  openDialog,
  type OpenDialogDetail,
} from './events.ts';

afterEach(() => vi.unstubAllGlobals());

describe('open-dialog event', () => {
  it('dispatches marketplace:open-dialog on window with the dialog name', () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const seen: string[] = [];
    target.addEventListener(OPEN_DIALOG_EVENT, (event) =>
      seen.push((event as CustomEvent<OpenDialogDetail>).detail.dialog),
    );
    openDialog('forum');
    openDialog('fee-calculator');
    expect(OPEN_DIALOG_EVENT).toBe('marketplace:open-dialog');
    expect(seen).toEqual(['forum', 'fee-calculator']);
  });

  it('keeps a dialog asked for before the dialog host listens, for the host to open as it starts', () => {
    vi.stubGlobal('window', new EventTarget());
    const attributes = new Map<string, string>();
    const documentElement = {
      hasAttribute: (name: string) => attributes.has(name),
      getAttribute: (name: string) => attributes.get(name) ?? null,
      setAttribute: (name: string, value: string) => void attributes.set(name, value),
      removeAttribute: (name: string) => void attributes.delete(name),
    };
    vi.stubGlobal('document', { documentElement });
    openDialog('faq');
    openDialog('forum');
    // The latest request waits; the host takes it once, and nothing waits while it listens.
    expect(dialogHostListening()).toBe('forum');
    expect(dialogHostListening()).toBeNull();
    openDialog('contact');
    expect(attributes.has('data-dialog-waiting')).toBe(false);
    dialogHostStopped();
    openDialog('feedback');
    expect(dialogHostListening()).toBe('feedback');
  });

  it('names the footer dialogs of the product rules', () => {
    expect(FOOTER_PLATFORM_DIALOGS.map((item) => item.dialog)).toEqual([
      'fee-calculator',
      'faq',
      'barter',
      'arbitration',
      'forum',
      'updates',
    ]);
    expect(FOOTER_COMPANY_DIALOGS.map((item) => item.dialog)).toEqual(['contact', 'feedback']);
  });
});
