import { localizePath } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { pricingMessages, pricingPageMessages } from '../../i18n/messages/pricing.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { planCards } from './content.ts';
import { FeeCalculator } from './FeeCalculator.tsx';

/**
 * The footer's Fee Calculator: a pricing dialog with a platform fee calculator (docs/product.md#fees). A short
 * plan summary, the calculator, and the way to the full /pricing page.
 */
export default function FeeCalculatorDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = pricingMessages[locale];
  const page = pricingPageMessages[locale];
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={page.dialogTitle}
      description={page.dialogDescription}
      closeLabel={commonMessages[locale].close}
      size="xl"
      footer={
        <a href={localizePath('/pricing', locale)} className={buttonClasses('outline')}>
          {page.viewPricingDetails}
        </a>
      }
    >
      <section aria-labelledby="fee-dialog-plans">
        <h3 id="fee-dialog-plans" className="text-lg font-semibold">
          {page.plans}
        </h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {planCards(locale).map((plan) => (
            <li
              key={plan.id}
              data-plan={plan.id}
              className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-xl border bg-surface-2 px-4 py-3 ${plan.available ? 'border-border' : 'border-dashed border-border'}`}
            >
              <span className="font-semibold">{plan.name}</span>
              <span className="text-sm">
                <span className="font-medium">{plan.price}</span>
                {plan.available ? null : (
                  <span className="ml-2 rounded-full border border-border px-2 py-0.5 text-xs">{m.comingSoon}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="fee-dialog-calculator" className="mt-8">
        <h3 id="fee-dialog-calculator" className="mb-3 text-lg font-semibold">
          {m.calculatorTitle}
        </h3>
        <FeeCalculator locale={locale} />
      </section>
    </InfoDialog>
  );
}
