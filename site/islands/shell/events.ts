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

export function openDialog(dialog: DialogName): void {
  window.dispatchEvent(new CustomEvent<OpenDialogDetail>(OPEN_DIALOG_EVENT, { detail: { dialog } }));
}

/** Spec section 2, footer: the Platform column's dialog buttons, in order. */
export const FOOTER_PLATFORM_DIALOGS = [
  { key: 'feeCalculator', dialog: 'fee-calculator' },
  { key: 'faq', dialog: 'faq' },
  { key: 'barterTrades', dialog: 'barter' },
  { key: 'arbitrationServices', dialog: 'arbitration' },
  { key: 'communityForum', dialog: 'forum' },
  { key: 'updates', dialog: 'updates' },
] as const satisfies readonly { key: string; dialog: DialogName }[];

/** Spec section 2, footer: the Company column's dialog buttons. */
export const FOOTER_COMPANY_DIALOGS = [
  { key: 'contactUs', dialog: 'contact' },
  { key: 'feedbackBoard', dialog: 'feedback' },
] as const satisfies readonly { key: string; dialog: DialogName }[];
