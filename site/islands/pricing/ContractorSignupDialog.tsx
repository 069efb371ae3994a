import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { localizePath } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { contractorPitchMessages, pricingMessages, pricingPageMessages } from '../../i18n/messages/pricing.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { BadgeList } from './BadgeList.tsx';
import { BoostCards } from './BoostCards.tsx';
import { HowItWorksSteps, WhyJoin } from './ContractorPitch.tsx';
import { CONTRACTOR_SIGNUP_PATH } from './content.ts';
import { FeeExample } from './FeeExample.tsx';
import { FeeTierTable } from './FeeTierTable.tsx';
import { PlanCards } from './PlanCards.tsx';

/** The "Signup button delay" (docs/product.md#plans): how long 'Starting Application...' shows. */
export const SIGNUP_BUTTON_DELAY_MS = 1000;

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 first:mt-0">
      <h3 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The contractor signup info dialog (docs/product.md#plans): why join, plans, boosts, badges, fee tiers
 * with the $3,000 example and the three steps. Start Your Application shows 'Starting
 * Application...' for a second, closes the dialog and goes to sign-up as a contractor.
 */
export default function ContractorSignupDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = contractorPitchMessages[locale];
  const fees = pricingMessages[locale];
  const [starting, setStarting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function start() {
    if (starting) return;
    setStarting(true);
    timer.current = window.setTimeout(() => {
      setStarting(false);
      onOpenChange(false);
      window.location.assign(localizePath(CONTRACTOR_SIGNUP_PATH, locale));
    }, SIGNUP_BUTTON_DELAY_MS);
  }

  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.dialogTitle}
      description={m.dialogDescription}
      closeLabel={commonMessages[locale].close}
      size="xl"
      busy={starting}
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{m.applicationTime}</p>
          <Button size="lg" disabled={starting} aria-busy={starting || undefined} onClick={start}>
            {starting ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
            {starting ? m.startingApplication : m.startApplication}
          </Button>
        </div>
      }
    >
      <Part id="signup-dialog-why" title={m.whyJoin}>
        <WhyJoin locale={locale} level={4} />
      </Part>
      <Part id="signup-dialog-plans" title={m.plans}>
        <PlanCards locale={locale} level={4} wide={false} />
      </Part>
      <Part id="signup-dialog-boosts" title={m.boosts}>
        <p className="mb-3 text-sm text-muted">{m.boostsIntro}</p>
        <BoostCards locale={locale} level={4} />
      </Part>
      <Part id="signup-dialog-badges" title={m.badges}>
        <BadgeList locale={locale} level={4} />
      </Part>
      <Part id="signup-dialog-fees" title={m.fees}>
        <div className="grid gap-4 md:grid-cols-2">
          <FeeTierTable locale={locale} />
          <div className="space-y-3">
            <FeeExample locale={locale} />
            <p className="text-sm text-muted">{fees.feeChargedTo}</p>
            <a
              href={localizePath('/pricing', locale)}
              className="inline-block rounded text-sm font-medium text-accent-text underline underline-offset-4 hover:no-underline focus-visible:outline-2"
            >
              {pricingPageMessages[locale].viewPricingDetails}
            </a>
          </div>
        </div>
      </Part>
      <Part id="signup-dialog-steps" title={m.howItWorks}>
        <HowItWorksSteps locale={locale} level={4} />
      </Part>
    </InfoDialog>
  );
}
