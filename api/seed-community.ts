import { randomUUID } from 'node:crypto';
import { barterTradeDecider, type BarterTradeCommand } from '../shared/domain/barter/decider.ts';
import { barterTradeStreamId } from '../shared/domain/barter/events.ts';
import { offeringDecider } from '../shared/domain/catalogue/decider.ts';
import { offeringStreamId } from '../shared/domain/catalogue/streams.ts';
import type { ServiceSlug } from '../shared/domain/catalogue/categories.ts';
import { handleCommand, type Decider, type DomainEvent } from '../shared/domain/decider.ts';
import { feedbackDecider } from '../shared/domain/feedback/decider.ts';
import type { FeedbackCategory, FeedbackStatus } from '../shared/domain/feedback/events.ts';
import { feedbackStreamId } from '../shared/domain/feedback/streams.ts';
import type { ForumCategory } from '../shared/domain/forum/categories.ts';
import { forumPostDecider } from '../shared/domain/forum/decider.ts';
import { forumPostStreamId } from '../shared/domain/forum/streams.ts';
import type { EventStore } from '../shared/eventstore/types.ts';

/**
 * The community chapter of the demo data: forum discussions with replies and votes in all six
 * categories, feedback on the board with votes and the statuses an admin gave it, and services
 * open to barter with trades in progress. Like the other chapters it runs the deciders the API
 * runs, with `now` set to when each thing would have happened; people appear in events only as
 * account ids, and no text below names or describes a demo person.
 */

/** Demo account e-mail to account id; a missing account skips what it would have written. */
export type CommunityIds = ReadonlyMap<string, string>;

type Reply = { by: string; content: string; votes?: string[] };
type Discussion = {
  by: string;
  category: ForumCategory;
  title: string;
  content: string;
  daysAgo: number;
  votes: string[];
  replies: Reply[];
};

export const demoDiscussions: Discussion[] = [
  {
    by: 'admin@demo.ca',
    category: 'announcements',
    title: 'Welcome to the EarnIt community forum',
    content:
      'This is the place to swap tips, show finished projects, ask questions and suggest features. ' +
      'Please keep it friendly and never post phone numbers or addresses: use messages for that.',
    daysAgo: 30,
    votes: ['customer@demo.ca', 'contractor@demo.ca', 'sparkle@demo.ca', 'emilie@demo.ca', 'noah@demo.ca'],
    replies: [
      { by: 'sparkle@demo.ca', content: 'Happy to be here. Ask me anything about green cleaning products!' },
      { by: 'emilie@demo.ca', content: 'Merci! Content de voir un forum bilingue.', votes: ['vitres@demo.ca'] },
    ],
  },
  {
    by: 'admin@demo.ca',
    category: 'announcements',
    title: 'Nouveau : échangez vos services sans argent',
    content:
      'Le troc est maintenant offert sur la plateforme : un entrepreneur peut ouvrir un service aux échanges ' +
      'et proposer des heures de son propre service en retour. Voyez la page Plateforme pour commencer.',
    daysAgo: 12,
    votes: ['vitres@demo.ca', 'deneigement@demo.ca', 'sophie@demo.ca'],
    replies: [
      {
        by: 'vitres@demo.ca',
        content: 'Excellente idée. J’ai déjà ouvert mon lavage de vitres au troc.',
        votes: ['sophie@demo.ca'],
      },
    ],
  },
  {
    by: 'contractor@demo.ca',
    category: 'tips',
    title: 'Write the quote before you pick up a tool',
    content:
      'Every job goes smoother when the scope is written down first: what is included, what is not, and what ' +
      'happens if you find rot behind the drywall. Customers appreciate it and disputes almost disappear.',
    daysAgo: 21,
    votes: ['harbourpaint@demo.ca', 'rockhandyman@demo.ca', 'customer2@demo.ca'],
    replies: [
      {
        by: 'harbourpaint@demo.ca',
        content: 'Same for painting: I list the number of coats and who moves the furniture.',
        votes: ['contractor@demo.ca'],
      },
      { by: 'customer2@demo.ca', content: 'As a customer, a written scope is the first thing I look for.' },
    ],
  },
  {
    by: 'greenthumb@demo.ca',
    category: 'tips',
    title: 'Fall yard checklist before the first frost',
    content:
      'Rake and compost the leaves, cut perennials back, drain the hoses and outdoor taps, and give the lawn ' +
      'one last short cut. Your spring clean-up will take half the time.',
    daysAgo: 9,
    votes: ['islandgardens@demo.ca', 'customer3@demo.ca'],
    replies: [{ by: 'islandgardens@demo.ca', content: 'On the coast I would add: mulch the beds before the rains.' }],
  },
  {
    by: 'harbourpaint@demo.ca',
    category: 'showcase',
    title: 'Before and after: a 1950s kitchen in two coats',
    content:
      'Dark oak cabinets to a soft white, with a bonding primer and a satin finish. Four days in all, most of it ' +
      'prep. The customer kept the original hardware, cleaned and polished.',
    daysAgo: 6,
    votes: ['contractor@demo.ca', 'customer@demo.ca', 'ethan@demo.ca', 'priya@demo.ca'],
    replies: [
      { by: 'ethan@demo.ca', content: 'That looks fantastic. Which primer did you use on the oak?' },
      {
        by: 'harbourpaint@demo.ca',
        content: 'A shellac-based primer: it blocks the tannins so they do not bleed through.',
        votes: ['ethan@demo.ca'],
      },
    ],
  },
  {
    by: 'deneigement@demo.ca',
    category: 'showcase',
    title: 'Premier gros déneigement de la saison',
    content:
      'Trente-cinq centimètres cette nuit : quarante entrées dégagées avant sept heures. Merci aux clients ' +
      'qui avaient déplacé leur voiture la veille, ça fait toute la différence.',
    daysAgo: 3,
    votes: ['vitres@demo.ca', 'emilie@demo.ca'],
    replies: [{ by: 'sophie@demo.ca', content: 'Service impeccable chez nous ce matin, merci!' }],
  },
  {
    by: 'customer3@demo.ca',
    category: 'questions',
    title: 'How does escrow work if the job runs over?',
    content:
      'My renovation may take longer than planned. If the contractor needs more hours, is the extra amount ' +
      'added to the same escrow or do we need a new contract?',
    daysAgo: 5,
    votes: ['noah@demo.ca'],
    replies: [
      {
        by: 'contractor@demo.ca',
        content: 'In my experience you agree on a change in writing and fund the difference before the extra work.',
        votes: ['customer3@demo.ca', 'noah@demo.ca'],
      },
    ],
  },
  {
    by: 'sophie@demo.ca',
    category: 'questions',
    title: 'Comment choisir un bon peintre?',
    content:
      'Je veux faire repeindre trois pièces au printemps. Quelles questions poser avant d’accepter une ' +
      'soumission?',
    daysAgo: 2,
    votes: ['emilie@demo.ca'],
    replies: [
      {
        by: 'outaouais@demo.ca',
        content: 'Demandez le nombre de couches, la marque de peinture et qui s’occupe de la préparation des murs.',
      },
    ],
  },
  {
    by: 'noah@demo.ca',
    category: 'general',
    title: 'What is the most useful service you booked this year?',
    content: 'For me it was a gutter clean-out before the fall storms. Curious what everyone else found worth it.',
    daysAgo: 4,
    votes: ['customer2@demo.ca', 'priya@demo.ca'],
    replies: [
      { by: 'priya@demo.ca', content: 'A tutor for my son before exams. Best money spent all year.' },
      { by: 'customer2@demo.ca', content: 'Furniture assembly. Never again alone with a wardrobe kit.' },
    ],
  },
  {
    by: 'customer@demo.ca',
    category: 'suggestions',
    title: 'Let us save favourite contractors',
    content: 'A heart button on a contractor profile, and a list of them on the dashboard, would make rebooking easy.',
    daysAgo: 7,
    votes: ['customer2@demo.ca', 'emilie@demo.ca', 'ethan@demo.ca'],
    replies: [{ by: 'admin@demo.ca', content: 'Thanks, this is on the feedback board now. Vote for it there too.' }],
  },
];

type FeedbackSeed = {
  by: string;
  category: FeedbackCategory;
  title: string;
  description: string;
  daysAgo: number;
  votes: string[];
  status?: FeedbackStatus;
};

export const demoFeedback: FeedbackSeed[] = [
  {
    by: 'customer@demo.ca',
    category: 'feature',
    title: 'Save favourite contractors',
    description: 'Let customers keep a short list of contractors they liked and book them again in one click.',
    daysAgo: 7,
    votes: ['customer2@demo.ca', 'emilie@demo.ca', 'noah@demo.ca', 'ethan@demo.ca'],
    status: 'planned',
  },
  {
    by: 'sparkle@demo.ca',
    category: 'improvement',
    title: 'Recurring bookings on the calendar',
    description: 'Show weekly and monthly cleanings on the contractor calendar as a series, not one by one.',
    daysAgo: 15,
    votes: ['greenthumb@demo.ca', 'pawsome@demo.ca', 'steeltowncleaners@demo.ca'],
    status: 'in_progress',
  },
  {
    by: 'vitres@demo.ca',
    category: 'feature',
    title: 'Photos avant-après sur le profil',
    description: 'Pouvoir ajouter des photos avant et après à chaque service offert sur le profil public.',
    daysAgo: 11,
    votes: ['deneigement@demo.ca', 'harbourpaint@demo.ca'],
    status: 'completed',
  },
  {
    by: 'noah@demo.ca',
    category: 'bug',
    title: 'Map pins overlap in dense neighbourhoods',
    description: 'Downtown, several contractor pins sit on top of each other and only one can be clicked.',
    daysAgo: 3,
    votes: ['priya@demo.ca'],
  },
  {
    by: 'emilie@demo.ca',
    category: 'other',
    title: 'Plus de contenu en français dans le forum',
    description: 'Une catégorie ou un filtre pour les discussions en français aiderait les gens du Québec.',
    daysAgo: 5,
    votes: ['sophie@demo.ca', 'vitres@demo.ca', 'outaouais@demo.ca'],
    status: 'declined',
  },
];

type BarterService = {
  by: string;
  title: string;
  description: string;
  service?: ServiceSlug;
  pricingModel: 'hourly' | 'fixed';
  price: number;
  remote: boolean;
  wants: string;
};

/** Second services of some demo contractors, offered for trade. */
export const demoBarterServices: BarterService[] = [
  {
    by: 'greenthumb@demo.ca',
    title: 'Garden planning session',
    description: 'A walk-through of your yard and a written planting plan for the coming season.',
    pricingModel: 'hourly',
    price: 60,
    remote: false,
    wants: 'Window cleaning or help with bookkeeping',
  },
  {
    by: 'contractor@demo.ca',
    title: 'Small repairs, open to trade',
    description: 'Squeaky doors, loose shelves, leaky taps and other small fixes around the house.',
    pricingModel: 'hourly',
    price: 65,
    remote: false,
    wants: 'House cleaning after a renovation',
  },
  {
    by: 'vitres@demo.ca',
    title: 'Lavage de vitres en échange',
    description: 'Lavage intérieur et extérieur des fenêtres, moustiquaires et cadrages compris.',
    pricingModel: 'fixed',
    price: 150,
    remote: false,
    wants: 'Entretien de terrain au printemps',
  },
  {
    by: 'estrietech@demo.ca',
    title: 'Computer tune-up for trade',
    description: 'Clean-up, updates and a backup set up on one laptop or desktop, in person or remotely.',
    service: 'computer-help',
    pricingModel: 'fixed',
    price: 90,
    remote: true,
    wants: 'Snow removal or yard work',
  },
];

const DAY = 86_400_000;

const actorOf = (command: BarterTradeCommand) =>
  command.type === 'ProposeBarterTrade' ? command.proposerId : command.actorId;

export async function seedCommunity(store: EventStore, ids: CommunityIds, today = new Date()): Promise<void> {
  const id = (email: string) => ids.get(email);
  const at = (daysAgo: number, minutes = 0) => new Date(today.getTime() - daysAgo * DAY + minutes * 60_000);
  /** One step of the demo: a command through its decider, by its actor, at its moment. */
  const decide = <State, Command, Event extends DomainEvent>(
    stream: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    actorId: string,
    now: Date,
  ) => handleCommand(store, stream, decider, command, { actorId, correlationId: randomUUID(), now });

  for (const discussion of demoDiscussions) {
    const authorId = id(discussion.by);
    if (!authorId) continue;
    const postId = randomUUID();
    const stream = forumPostStreamId(postId);
    const posted = at(discussion.daysAgo);
    const { title, content, category } = discussion;
    await decide(
      stream,
      forumPostDecider,
      { type: 'CreateForumPost', postId, authorId, title, content, category, now: posted },
      authorId,
      posted,
    );
    for (const [i, voter] of discussion.votes.entries()) {
      const voterId = id(voter);
      if (!voterId || voterId === authorId) continue;
      const now = at(discussion.daysAgo, 30 + i * 45);
      await decide(stream, forumPostDecider, { type: 'UpvoteForumPost', postId, voterId, now }, voterId, now);
    }
    for (const [i, reply] of discussion.replies.entries()) {
      const replierId = id(reply.by);
      if (!replierId) continue;
      const replyId = randomUUID();
      const now = at(discussion.daysAgo, 90 + i * 240);
      await decide(
        stream,
        forumPostDecider,
        { type: 'AddForumReply', replyId, postId, authorId: replierId, content: reply.content, now },
        replierId,
        now,
      );
      for (const voter of reply.votes ?? []) {
        const voterId = id(voter);
        if (!voterId) continue;
        await decide(
          stream,
          forumPostDecider,
          { type: 'UpvoteForumReply', replyId, postId, voterId, now },
          voterId,
          now,
        );
      }
    }
  }

  const adminId = id('admin@demo.ca');
  for (const item of demoFeedback) {
    const authorId = id(item.by);
    if (!authorId) continue;
    const feedbackId = randomUUID();
    const stream = feedbackStreamId(feedbackId);
    const posted = at(item.daysAgo);
    await decide(
      stream,
      feedbackDecider,
      {
        type: 'PostFeedback',
        feedbackId,
        authorId,
        title: item.title,
        description: item.description,
        category: item.category,
        now: posted,
      },
      authorId,
      posted,
    );
    for (const [i, voter] of item.votes.entries()) {
      const voterId = id(voter);
      if (!voterId || voterId === authorId) continue;
      const now = at(item.daysAgo, 60 + i * 60);
      await decide(stream, feedbackDecider, { type: 'UpvoteFeedback', feedbackId, voterId, now }, voterId, now);
    }
    if (item.status && adminId) {
      const now = at(Math.max(item.daysAgo - 1, 0));
      await decide(
        stream,
        feedbackDecider,
        {
          type: 'ChangeFeedbackStatus',
          feedbackId,
          status: item.status,
          changedBy: adminId,
          changedByRole: 'admin',
          now,
        },
        adminId,
        now,
      );
    }
  }

  const offerings = new Map<string, { offeringId: string; contractorId: string; title: string }>();
  for (const service of demoBarterServices) {
    const contractorId = id(service.by);
    if (!contractorId) continue;
    const offeringId = randomUUID();
    const stream = offeringStreamId(offeringId);
    const now = at(14);
    await decide(
      stream,
      offeringDecider,
      {
        type: 'CreateServiceOffering',
        offering: {
          offeringId,
          contractorId,
          title: service.title,
          description: service.description,
          ...(service.service ? { service: service.service } : {}),
          pricingModel: service.pricingModel,
          priceCents: service.price * 100,
          isRemoteService: service.remote,
          isActive: true,
        },
        now,
      },
      contractorId,
      now,
    );
    await decide(
      stream,
      offeringDecider,
      { type: 'SetOfferingBarter', contractorId, acceptsBarter: true, barterWants: service.wants, now },
      contractorId,
      now,
    );
    offerings.set(service.by, { offeringId, contractorId, title: service.title });
  }

  /** A trade for one of the services above, then each later step by the side named. */
  async function trade(
    proposer: string,
    recipient: string,
    terms: { proposerGives: string; proposerHours: number; recipientHours: number; message: string | null },
    daysAgo: number,
    steps: ((ids: { proposerId: string; recipientId: string }, now: Date) => BarterTradeCommand)[],
  ) {
    const proposerId = id(proposer);
    const offering = offerings.get(recipient);
    if (!proposerId || !offering) return;
    const tradeId = randomUUID();
    const stream = barterTradeStreamId(tradeId);
    const proposed = at(daysAgo);
    await decide(
      stream,
      barterTradeDecider,
      {
        type: 'ProposeBarterTrade',
        tradeId,
        proposerId,
        offering: { ...offering, isActive: true, acceptsBarter: true },
        terms,
        now: proposed,
      },
      proposerId,
      proposed,
    );
    for (const [i, step] of steps.entries()) {
      const now = at(daysAgo - i - 1);
      const command = step({ proposerId, recipientId: offering.contractorId }, now);
      await decide(stream, barterTradeDecider, command, actorOf(command), now);
    }
  }

  // Accepted, and one side has marked the exchange done: the other side has a step to take.
  await trade(
    'sparkle@demo.ca',
    'contractor@demo.ca',
    {
      proposerGives: 'A full post-renovation clean of a two-bedroom home, supplies included',
      proposerHours: 4,
      recipientHours: 4,
      message: 'Happy to trade a clean for a few small repairs in my office.',
    },
    6,
    [
      ({ recipientId }, now) => ({ type: 'AcceptBarterTrade', actorId: recipientId, now }),
      ({ proposerId }, now) => ({ type: 'MarkBarterExchangeComplete', actorId: proposerId, now }),
    ],
  );
  // Still negotiating: a counter-offer waits for the proposer's answer.
  await trade(
    'vitres@demo.ca',
    'greenthumb@demo.ca',
    {
      proposerGives: 'Lavage complet des fenêtres d’une maison de deux étages, intérieur et extérieur',
      proposerHours: 3,
      recipientHours: 3,
      message: 'Un plan pour mon jardin contre un lavage de vitres?',
    },
    4,
    [
      ({ recipientId }, now) => ({
        type: 'CounterBarterTrade',
        actorId: recipientId,
        terms: {
          proposerGives: 'Lavage complet des fenêtres d’une maison de deux étages, intérieur et extérieur',
          proposerHours: 3,
          recipientHours: 2,
          message: 'Two hours of planning covers a yard that size.',
        },
        now,
      }),
    ],
  );
  // Just proposed: the contractor has an offer to answer.
  await trade(
    'deneigement@demo.ca',
    'estrietech@demo.ca',
    {
      proposerGives: 'Snow clearing of one driveway after each storm for a month',
      proposerHours: 5,
      recipientHours: 2,
      message: null,
    },
    1,
    [],
  );
}
