import { useEffect, useRef, useState, type ComponentType } from 'react';
import { commonMessages } from '../../i18n/messages/common.ts';
import type { Locale } from '../../i18n/locales.ts';
import { toast } from '../../stores/toasts.ts';
import type { HostedDialogProps } from '../../ui/Dialog.tsx';
import { island } from '../../ui/island.tsx';
import {
  dialogHostListening,
  dialogHostStopped,
  isDialogName,
  OPEN_DIALOG_ATTRIBUTE,
  OPEN_DIALOG_EVENT,
  type DialogName,
  type OpenDialogDetail,
} from '../shell/events.ts';
import { dialogLoaders } from './registry.ts';

/** Only a slow chunk shows the "Opening…" note; a quick one just appears. */
const OPENING_NOTE_DELAY_MS = 250;

/**
 * One small island on every page that opens the information dialogs: on `openDialog(name)` from
 * any island, or on a click on static HTML marked `data-open-dialog="name"`. It loads itself when
 * the first dialog is asked for (Base.astro, `client:request`: the request waits on <html>, see
 * ../shell/events.ts) and fetches the dialog's chunk on first use, so no page pays for a dialog,
 * or for React, before someone opens one.
 */
function DialogHost({ locale }: { locale: Locale }) {
  const m = commonMessages[locale];
  const [loaded, setLoaded] = useState<Partial<Record<DialogName, ComponentType<HostedDialogProps>>>>({});
  const [active, setActive] = useState<DialogName | null>(null);
  const [opening, setOpening] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    async function show(name: DialogName) {
      const load = dialogLoaders[name];
      if (!load) return;
      const ticket = ++request.current;
      const note = window.setTimeout(() => setOpening(true), OPENING_NOTE_DELAY_MS);
      try {
        const module = await load();
        if (ticket !== request.current) return;
        setLoaded((current) => (current[name] ? current : { ...current, [name]: module.default }));
        setActive(name);
      } catch (error) {
        console.error(`dialog ${name} failed to load`, error);
        toast({ title: m.dialogLoadFailed, variant: 'destructive' });
      } finally {
        window.clearTimeout(note);
        setOpening(false);
      }
    }
    const onEvent = (event: Event) => {
      const name = (event as CustomEvent<OpenDialogDetail>).detail?.dialog;
      if (isDialogName(name)) void show(name);
    };
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.(`[${OPEN_DIALOG_ATTRIBUTE}]`);
      const name = target?.getAttribute(OPEN_DIALOG_ATTRIBUTE);
      if (!isDialogName(name)) return;
      event.preventDefault();
      void show(name);
    };
    window.addEventListener(OPEN_DIALOG_EVENT, onEvent);
    document.addEventListener('click', onClick);
    // A dialog asked for before this island's code ran (see openDialog in ../shell/events.ts).
    const waiting = dialogHostListening();
    if (waiting) void show(waiting);
    return () => {
      dialogHostStopped();
      window.removeEventListener(OPEN_DIALOG_EVENT, onEvent);
      document.removeEventListener('click', onClick);
    };
  }, [m.dialogLoadFailed]);

  return (
    <>
      {opening ? (
        <div
          role="status"
          className="fixed bottom-4 left-1/2 z-[60] -translate-x-1/2 rounded-full border border-border bg-surface px-4 py-2 text-sm shadow-lg"
        >
          {m.dialogOpening}
        </div>
      ) : null}
      {Object.entries(loaded).map(([name, Dialog]) => (
        <Dialog
          key={name}
          locale={locale}
          open={active === name}
          onOpenChange={(open) =>
            setActive((current) => (open ? (name as DialogName) : current === name ? null : current))
          }
        />
      ))}
    </>
  );
}

export default island(DialogHost);
