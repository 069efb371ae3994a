import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ConversationThread from '../messaging/ConversationThread.tsx';
import MessagesPage from '../messaging/MessagesPage.tsx';
import BookingReviews from './BookingReviews.tsx';
import PendingReviews from './PendingReviews.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import ReviewsPage from './ReviewsPage.tsx';

const id = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';

/** Server rendering (what Astro prerenders): skeletons with their labels, no data, no crash. */
describe('messaging and review islands render on the server', () => {
  it('renders a thread loading, with its labelled composer and counter', () => {
    const html = renderToString(<ConversationThread kind="booking" id={id} locale="en" />);
    expect(html).toContain('aria-label="Loading messages"');
    expect(html).toContain('0/2000 characters');
    expect(html).toContain('Enter to send, Shift+Enter for a new line.');
    const fr = renderToString(<ConversationThread kind="work-order" id={id} locale="fr" />);
    expect(fr).toContain('Chargement des messages');
    expect(fr).toContain('Envoyer');
  });

  it('renders /messages and /reviews loading', () => {
    expect(renderToString(<MessagesPage locale="en" />)).toContain('aria-label="Loading conversations"');
    const reviews = renderToString(<ReviewsPage locale="en" />);
    expect(reviews).toContain('Reviews to write');
    expect(reviews).toContain('Your reviews');
    expect(reviews).toContain('Reviews about you');
    expect(renderToString(<PendingReviews locale="fr" />)).toContain('Avis à écrire');
    expect(renderToString(<BookingReviews bookingId={id} locale="en" />)).toContain('aria-label="Loading reviews"');
  });

  it('renders the review form: a star radio group with its legend, a labelled text and a counter', () => {
    const html = renderToString(
      <ReviewForm job={{ kind: 'booking', jobId: id }} locale="en" otherPartyName="Marie T." />,
    );
    expect(html).toContain('<legend');
    expect(html).toContain('Rating');
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toContain('1 star');
    expect(html).toContain('5 stars');
    expect(html).toContain('aria-label="Your review of Marie T."');
    expect(html).toContain('0/2000 characters');
  });
});
