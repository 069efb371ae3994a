import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { SignInPrompt } from '../work/parts.tsx';
import { $barterTrades, reloadTrades } from './api.ts';
import { BrowseServices } from './BrowseServices.tsx';
import { TradeCard } from './TradeCard.tsx';

/**
 * Barter on /platform (docs/product.md#barter): the services open to barter, for everyone, each
 * with a proposal form for signed-in users; and, signed in, the user's trades with the answers
 * open to them (accept, decline, counter, withdraw, mark complete, review).
 */
function BarterHub({ locale }: { locale: Locale }) {
  const m = barterTradeMessages[locale];
  const session = useStore($session);
  const mounted = useMounted();
  const user = session.status === 'authenticated' ? session.user : null;
  const canTrade = user !== null && user.role !== 'admin';
  return (
    <div className="mt-10 space-y-10">
      <BrowseServices
        locale={locale}
        viewerId={user?.id ?? null}
        canTrade={canTrade}
        signedIn={mounted && user !== null}
      />
      <section id="barter-trades" aria-labelledby="barter-trades-title" className="scroll-mt-20">
        <h2 id="barter-trades-title" className="text-xl font-semibold">
          {m.tradesTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">{m.tradesIntro}</p>
        <div className="mt-4">
          {!mounted || session.status === 'loading' ? (
            <p role="status" className="text-sm text-muted">
              {m.loading}
            </p>
          ) : !canTrade ? (
            user ? null : (
              <SignInPrompt locale={locale} text={m.tradesSignIn} />
            )
          ) : (
            <MyTrades locale={locale} />
          )}
        </div>
      </section>
    </div>
  );
}

function MyTrades({ locale }: { locale: Locale }) {
  const m = barterTradeMessages[locale];
  const trades = useStore($barterTrades);
  if (trades.error && !trades.data) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-sm text-danger">{m.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={reloadTrades}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  if (!trades.data) {
    return (
      <p role="status" className="text-sm text-muted">
        {m.loading}
      </p>
    );
  }
  if (trades.data.trades.length === 0) {
    return <p className="rounded-xl border border-dashed border-border p-5 text-sm text-muted">{m.tradesEmpty}</p>;
  }
  return (
    <ul className="space-y-4" data-testid="barter-trades">
      {trades.data.trades.map((trade) => (
        <TradeCard key={trade.id} trade={trade} locale={locale} />
      ))}
    </ul>
  );
}

export default island(BarterHub);
