import { afterEach, describe, expect, it, vi } from 'vitest';
import {
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

  it('names the footer dialogs of spec section 2', () => {
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
