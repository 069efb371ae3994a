import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { recurringMessages } from '../../i18n/messages/recurring.ts';
import { revalidateKeys } from '../../lib/query.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../plans/Section.tsx';
import { $mySubscriptions, recurringUrls } from './api.ts';
import { OffersManager } from './OffersManager.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

/**
 * /subscriptions: the recurring services a customer buys, or a contractor's offers and the
 * services they sell, each subscription with its agreement, its next visits (skip) and its
 * actions (pause, resume, cancel; decline for a contractor while it waits).
 */
export function RecurringServices({ locale, role }: { locale: Locale; role: 'customer' | 'contractor' }) {
  const m = recurringMessages[locale];
  const subscriptions = useStore($mySubscriptions);
  const list = role === 'customer' ? subscriptions.data?.buying : subscriptions.data?.selling;
  const listId = useId();
  return (
    <>
      {role === 'contractor' && <OffersManager locale={locale} />}
      <Section id={listId} title={role === 'customer' ? m.buyingTitle : m.sellingTitle}>
        {subscriptions.loading && !subscriptions.data ? (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        ) : subscriptions.error && !subscriptions.data ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-danger">{m.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => revalidateKeys(recurringUrls.mySubscriptions)}>
              {m.tryAgain}
            </Button>
          </div>
        ) : !list || list.length === 0 ? (
          <p className="text-sm text-muted">{role === 'customer' ? m.buyingEmpty : m.sellingEmpty}</p>
        ) : (
          <ul className="space-y-4" data-testid="recurring-subscriptions">
            {list.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} locale={locale} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
