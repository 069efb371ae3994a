import { Landmark } from 'lucide-react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { barterMessages } from '../../i18n/messages/barter.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { bodyDialog } from '../../ui/Dialog.tsx';
import { Steps } from './Steps.tsx';

export function BarterBody({ locale }: { locale: Locale }) {
  const m = barterMessages[locale];
  const steps = [
    { title: m.step1Title, body: m.step1Text },
    { title: m.step2Title, body: m.step2Text },
    { title: m.step3Title, body: m.step3Text },
    { title: m.step4Title, body: m.step4Text },
    { title: m.step5Title, body: m.step5Text },
  ];
  return (
    <div className="space-y-6 text-sm leading-relaxed">
      <section className="space-y-2">
        <h3 className="text-base font-semibold">{m.whatTitle}</h3>
        <p className="text-fg/90">{m.whatText}</p>
      </section>
      <section className="space-y-3">
        <h3 className="text-base font-semibold">{m.howTitle}</h3>
        <Steps steps={steps} />
        <p className="text-muted">{m.contractorsText}</p>
      </section>
      <section className="rounded-xl border border-border bg-surface-2 p-4">
        <h3 className="flex items-center gap-2 text-base font-semibold">
          <Landmark aria-hidden="true" className="h-5 w-5 shrink-0 text-accent-text" />
          {m.taxTitle}
        </h3>
        <p className="mt-2 text-fg/90">{m.taxText}</p>
      </section>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <a href={localizePath('/platform#barter', locale)} className={buttonClasses('outline', 'md')}>
          {m.browse}
        </a>
        <a href={localizePath('/contractor-dashboard#offerings', locale)} className={buttonClasses('primary', 'md')}>
          {m.enable}
        </a>
      </div>
    </div>
  );
}

/** The barter information dialog (docs/product.md#barter), opened from the footer's Barter Trades. */
export default bodyDialog(barterMessages, BarterBody, 'lg');
