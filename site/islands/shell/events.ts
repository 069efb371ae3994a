/**
 * The shell asks for dialogs it does not own (forum, FAQ, contact, …) with one window event; the
 * dialog islands listen for it: `window.addEventListener(OPEN_DIALOG_EVENT, (e) => e.detail.dialog)`.
 */
export const OPEN_DIALOG_EVENT = 'marketplace:open-dialog';

export const dialogNames = [
  'fee-calculator',
  'faq',
  'barter',
  'arbitration',
  'forum',
  'updates',
  'contact',
  'feedback',
  'contractor-signup',
  'quality-evaluation',
] as const;
export type DialogName = (typeof dialogNames)[number];

/**
 * Static HTML (Astro pages) opens a dialog without shipping any code of its own:
 * `<button type="button" data-open-dialog="faq">`. The dialog host handles the click.
 */
export const OPEN_DIALOG_ATTRIBUTE = 'data-open-dialog';

export function isDialogName(value: unknown): value is DialogName {
  return typeof value === 'string' && (dialogNames as readonly string[]).includes(value);
}

export type OpenDialogDetail = { dialog: DialogName };

/**
 * The dialog host is an island too, and may start after the island (or static button) asking for a
 * dialog: a press the early-input script (ui/early-input.ts) replays can come first. `<html>` holds
 * `data-dialog-host` while the host listens; until then the latest request waits in
 * `data-dialog-waiting`, and the host opens it as it starts.
 */
export const DIALOG_HOST_ATTRIBUTE = 'data-dialog-host';
export const DIALOG_WAITING_ATTRIBUTE = 'data-dialog-waiting';

export function openDialog(dialog: DialogName): void {
  const root = typeof document === 'undefined' ? null : document.documentElement;
  if (root && !root.hasAttribute(DIALOG_HOST_ATTRIBUTE)) root.setAttribute(DIALOG_WAITING_ATTRIBUTE, dialog);
  window.dispatchEvent(new CustomEvent<OpenDialogDetail>(OPEN_DIALOG_EVENT, { detail: { dialog } }));
}

/** For the dialog host once it listens: marks it listening and hands over the request that waited. */
export function dialogHostListening(): DialogName | null {
  const root = document.documentElement;
  root.setAttribute(DIALOG_HOST_ATTRIBUTE, '');
  const waiting = root.getAttribute(DIALOG_WAITING_ATTRIBUTE);
  root.removeAttribute(DIALOG_WAITING_ATTRIBUTE);
  return isDialogName(waiting) ? waiting : null;
}

export function dialogHostStopped(): void {
  document.documentElement.removeAttribute(DIALOG_HOST_ATTRIBUTE);
}

/** Footer (docs/product.md#site): the Platform column's dialog buttons, in order. */
export const FOOTER_PLATFORM_DIALOGS = [
  { key: 'feeCalculator', dialog: 'fee-calculator' },
  { key: 'faq', dialog: 'faq' },
  { key: 'barterTrades', dialog: 'barter' },
  { key: 'arbitrationServices', dialog: 'arbitration' },
  { key: 'communityForum', dialog: 'forum' },
  { key: 'updates', dialog: 'updates' },
] as const satisfies readonly { key: string; dialog: DialogName }[];

/** Footer (docs/product.md#site): the Company column's dialog buttons. */
export const FOOTER_COMPANY_DIALOGS = [
  { key: 'contactUs', dialog: 'contact' },
  { key: 'feedbackBoard', dialog: 'feedback' },
] as const satisfies readonly { key: string; dialog: DialogName }[];
