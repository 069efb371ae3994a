import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { scheduleDecider } from '../shared/domain/booking/decider.ts';
import type { ScheduleCommand } from '../shared/domain/booking/commands.ts';
import { contractorDecider, offeringDecider } from '../shared/domain/catalogue/decider.ts';
import type { ServiceSlug } from '../shared/domain/catalogue/categories.ts';
import { contractorStreamId, offeringStreamId } from '../shared/domain/catalogue/streams.ts';
import { handleCommand, type CommandContext, type Decider, type DomainEvent } from '../shared/domain/decider.ts';
import { conversationDecider } from '../shared/domain/messaging/decider.ts';
import { conversationStreamId, type ConversationRef } from '../shared/domain/messaging/events.ts';
import { reviewDecider } from '../shared/domain/reviews/decider.ts';
import { reviewStreamId } from '../shared/domain/reviews/events.ts';
import { workOrderDecider } from '../shared/domain/work/decider.ts';
import { workOrderStreamId, type WorkLocation, type WorkMode } from '../shared/domain/work/events.ts';
import { lookupPostalCode } from '../shared/geo/index.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import type { Sql } from '../shared/db/postgres.ts';
import { savePostalCode } from '../shared/personal-data/postal-codes.ts';

/**
 * The marketplace chapter of the demo data: service areas and availability for every demo
 * contractor, open work orders with competing bids, direct requests, bookings in every state,
 * published reviews (so the directory has ratings and badges) and job conversations. Everything
 * goes through the deciders, with `now` set to when it would have happened, so the history reads
 * like weeks of real use ending today.
 */

export type DemoIds = ReadonlyMap<string, string>;

type AreaSeed = {
  email: string;
  postalCode: string;
  radiusKm: number;
  services: ServiceSlug[];
  hourlyRate: number;
  timeZone: string;
  /** Weekdays open (1 = Monday) and the daily window. */
  days: number[];
  hours: [string, string];
  extraOffering?: {
    title: string;
    description: string;
    service: ServiceSlug;
    pricingModel: 'hourly' | 'fixed';
    price: number;
  };
};

/** Every demo contractor's service area and week. The first eight exist since the first seed. */
export const contractorAreas: AreaSeed[] = [
  {
    email: 'contractor@demo.ca',
    postalCode: 'H2X 1Y4',
    radiusKm: 40,
    services: ['handyman-services', 'home-repair', 'drywall', 'painting'],
    hourlyRate: 65,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['08:00', '17:00'],
    extraOffering: {
      title: 'Réparation de cloisons sèches',
      description: 'Patching holes and cracks in drywall, sanding and priming, ready for paint.',
      service: 'drywall',
      pricingModel: 'fixed',
      price: 220,
    },
  },
  {
    email: 'sparkle@demo.ca',
    postalCode: 'M4C 1B5',
    radiusKm: 25,
    services: ['house-cleaning', 'move-out-cleaning', 'window-cleaning'],
    hourlyRate: 45,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5],
    hours: ['09:00', '17:00'],
    extraOffering: {
      title: 'Move-out Cleaning',
      description: 'Empty-unit deep clean that landlords accept: appliances, cupboards and floors.',
      service: 'move-out-cleaning',
      pricingModel: 'fixed',
      price: 320,
    },
  },
  {
    email: 'greenthumb@demo.ca',
    postalCode: 'V6B 1A1',
    radiusKm: 30,
    services: ['yard-work', 'lawn-mowing', 'gardening'],
    hourlyRate: 50,
    timeZone: 'America/Vancouver',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['07:00', '15:00'],
  },
  {
    email: 'prairiemovers@demo.ca',
    postalCode: 'T2P 1J9',
    radiusKm: 60,
    services: ['moving-help', 'junk-removal', 'furniture-assembly'],
    hourlyRate: 90,
    timeZone: 'America/Edmonton',
    days: [1, 2, 3, 4, 5, 6, 7],
    hours: ['08:00', '18:00'],
  },
  {
    email: 'pawsome@demo.ca',
    postalCode: 'K1S 3W7',
    radiusKm: 15,
    services: ['dog-walking', 'pet-sitting', 'pet-care'],
    hourlyRate: 25,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5, 6, 7],
    hours: ['07:00', '19:00'],
  },
  {
    email: 'harbourpaint@demo.ca',
    postalCode: 'B3H 1Y4',
    radiusKm: 50,
    services: ['painting', 'drywall'],
    hourlyRate: 60,
    timeZone: 'America/Halifax',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '16:00'],
  },
  {
    email: 'assemblypro@demo.ca',
    postalCode: 'R3C 0V8',
    radiusKm: 35,
    services: ['furniture-assembly', 'handyman-services'],
    hourlyRate: 55,
    timeZone: 'America/Winnipeg',
    days: [2, 3, 4, 5, 6],
    hours: ['10:00', '19:00'],
  },
  {
    email: 'vitres@demo.ca',
    postalCode: 'G1R 4P5',
    radiusKm: 40,
    services: ['window-cleaning', 'pressure-washing'],
    hourlyRate: 48,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '16:00'],
  },
  {
    email: 'deneigement@demo.ca',
    postalCode: 'H7N 5H9',
    radiusKm: 25,
    services: ['snow-removal', 'lawn-mowing', 'yard-work'],
    hourlyRate: 55,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5, 6, 7],
    hours: ['06:00', '14:00'],
  },
  {
    email: 'rivercityplumbing@demo.ca',
    postalCode: 'T5J 0N3',
    radiusKm: 45,
    services: ['plumbing', 'home-repair'],
    hourlyRate: 110,
    timeZone: 'America/Edmonton',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '17:00'],
  },
  {
    email: 'brightwire@demo.ca',
    postalCode: 'L5B 3C2',
    radiusKm: 40,
    services: ['electrical', 'home-repair'],
    hourlyRate: 120,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '16:00'],
  },
  {
    email: 'outaouais@demo.ca',
    postalCode: 'J8X 3X7',
    radiusKm: 30,
    services: ['flooring', 'painting', 'home-repair'],
    hourlyRate: 70,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '17:00'],
  },
  {
    email: 'livingskies@demo.ca',
    postalCode: 'S7K 1J5',
    radiusKm: 50,
    services: ['house-cleaning', 'window-cleaning'],
    hourlyRate: 40,
    timeZone: 'America/Regina',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['09:00', '17:00'],
  },
  {
    email: 'queencitytutors@demo.ca',
    postalCode: 'S4P 3Y2',
    radiusKm: 20,
    services: ['tutoring', 'music-lessons'],
    hourlyRate: 45,
    timeZone: 'America/Regina',
    days: [1, 2, 3, 4, 6],
    hours: ['15:00', '21:00'],
  },
  {
    email: 'islandgardens@demo.ca',
    postalCode: 'V8W 1P6',
    radiusKm: 25,
    services: ['gardening', 'yard-work', 'pressure-washing'],
    hourlyRate: 58,
    timeZone: 'America/Vancouver',
    days: [1, 2, 3, 4, 5],
    hours: ['08:00', '16:00'],
  },
  {
    email: 'rockhandyman@demo.ca',
    postalCode: 'A1C 5M2',
    radiusKm: 30,
    services: ['handyman-services', 'snow-removal', 'home-repair'],
    hourlyRate: 52,
    timeZone: 'America/St_Johns',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['08:30', '16:30'],
  },
  {
    email: 'hubcitymovers@demo.ca',
    postalCode: 'E1C 4M3',
    radiusKm: 80,
    services: ['moving-help', 'delivery-errands', 'junk-removal'],
    hourlyRate: 80,
    timeZone: 'America/Halifax',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['08:00', '18:00'],
  },
  {
    email: 'estrietech@demo.ca',
    postalCode: 'J1H 5H3',
    radiusKm: 250,
    services: ['computer-help', 'tutoring'],
    hourlyRate: 50,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5],
    hours: ['10:00', '18:00'],
  },
  {
    email: 'steeltowncleaners@demo.ca',
    postalCode: 'L8P 4R5',
    radiusKm: 30,
    services: ['house-cleaning', 'move-out-cleaning'],
    hourlyRate: 42,
    timeZone: 'America/Toronto',
    days: [1, 2, 3, 4, 5, 6],
    hours: ['08:00', '16:00'],
  },
  {
    email: 'okanaganerrands@demo.ca',
    postalCode: 'V1Y 6H2',
    radiusKm: 40,
    services: ['grocery-shopping', 'delivery-errands', 'pet-care'],
    hourlyRate: 35,
    timeZone: 'America/Vancouver',
    days: [1, 2, 3, 4, 5, 6, 7],
    hours: ['09:00', '18:00'],
  },
];

/** Contractors added by this chapter (the first eight were created by the accounts chapter). */
export const marketplaceContractors = [
  {
    email: 'deneigement@demo.ca',
    name: 'Déneigement Laval Express',
    location: 'Laval, QC',
    years: 12,
    statement: 'Driveways cleared before you leave for work, all winter, on a seasonal contract or per visit.',
    offering: {
      title: 'Snow Removal',
      description: 'Driveway and walkway clearing after every snowfall over 5 cm.',
      service: 'snow-removal',
      pricingModel: 'fixed',
      price: 60,
    },
  },
  {
    email: 'rivercityplumbing@demo.ca',
    name: 'River City Plumbing',
    location: 'Edmonton, AB',
    years: 19,
    statement: 'Licensed journeyman plumbers: leaks, fixtures, water heaters, honest flat quotes.',
    offering: {
      title: 'Plumbing',
      description: 'Leak repair, fixture installs and water-heater service by licensed plumbers.',
      service: 'plumbing',
      pricingModel: 'hourly',
      price: 110,
    },
  },
  {
    email: 'brightwire@demo.ca',
    name: 'Brightwire Electric',
    location: 'Mississauga, ON',
    years: 15,
    statement: 'ESA-licensed electrical contractor for lighting, panels and EV chargers.',
    offering: {
      title: 'Electrical',
      description: 'Light fixtures, outlets, panel upgrades and EV charger installation.',
      service: 'electrical',
      pricingModel: 'hourly',
      price: 120,
    },
  },
  {
    email: 'outaouais@demo.ca',
    name: 'Rénovations Outaouais',
    location: 'Gatineau, QC',
    years: 10,
    statement: 'Planchers, peinture et petites rénovations — travail propre, soumission écrite.',
    offering: {
      title: 'Flooring',
      description: 'Laminate, vinyl plank and hardwood installation with trim and clean-up.',
      service: 'flooring',
      pricingModel: 'hourly',
      price: 70,
    },
  },
  {
    email: 'livingskies@demo.ca',
    name: 'Living Skies Cleaning',
    location: 'Saskatoon, SK',
    years: 7,
    statement: 'Bonded and insured cleaners; we bring our own supplies and follow your checklist.',
    offering: {
      title: 'House Cleaning',
      description: 'Regular or one-time cleaning of kitchens, bathrooms and living areas.',
      service: 'house-cleaning',
      pricingModel: 'hourly',
      price: 40,
    },
  },
  {
    email: 'queencitytutors@demo.ca',
    name: 'Queen City Tutors',
    location: 'Regina, SK',
    years: 6,
    statement: 'Certified teachers for math, science and French immersion, in person or online.',
    offering: {
      title: 'Tutoring',
      description: 'One-on-one tutoring for grades 1 to 12, math, science and French.',
      service: 'tutoring',
      pricingModel: 'hourly',
      price: 45,
    },
  },
  {
    email: 'islandgardens@demo.ca',
    name: 'Island Gardens Co.',
    location: 'Victoria, BC',
    years: 13,
    statement: 'Native-plant gardens and year-round maintenance on the South Island.',
    offering: {
      title: 'Gardening',
      description: 'Planting, pruning, mulching and seasonal garden maintenance.',
      service: 'gardening',
      pricingModel: 'hourly',
      price: 58,
    },
  },
  {
    email: 'rockhandyman@demo.ca',
    name: 'The Rock Handyman',
    location: "St. John's, NL",
    years: 22,
    statement: 'From leaky windows to stuck doors, no job too small in the St. John’s area.',
    offering: {
      title: 'Handyman Services',
      description: 'Small repairs, weather-proofing, doors, windows and fixtures.',
      service: 'handyman-services',
      pricingModel: 'hourly',
      price: 52,
    },
  },
  {
    email: 'hubcitymovers@demo.ca',
    name: 'Hub City Movers',
    location: 'Moncton, NB',
    years: 9,
    statement: 'Local and Maritime moves, careful crews, fair hourly rates.',
    offering: {
      title: 'Moving Help',
      description: 'Two movers and a truck for apartment and house moves.',
      service: 'moving-help',
      pricingModel: 'hourly',
      price: 80,
    },
  },
  {
    email: 'estrietech@demo.ca',
    name: 'Estrie Tech Aide',
    location: 'Sherbrooke, QC',
    years: 8,
    statement: 'Aide informatique à domicile ou à distance : virus, Wi-Fi, sauvegardes, imprimantes.',
    offering: {
      title: 'Computer Help',
      description: 'Virus removal, Wi-Fi set-up, back-ups and printer help, at home or remotely.',
      service: 'computer-help',
      pricingModel: 'hourly',
      price: 50,
    },
  },
  {
    email: 'steeltowncleaners@demo.ca',
    name: 'Steeltown Cleaners',
    location: 'Hamilton, ON',
    years: 5,
    statement: 'Move-out and regular cleaning across Hamilton and Burlington.',
    offering: {
      title: 'Move-out Cleaning',
      description: 'Deep move-out cleaning including inside appliances and cupboards.',
      service: 'move-out-cleaning',
      pricingModel: 'fixed',
      price: 290,
    },
  },
  {
    email: 'okanaganerrands@demo.ca',
    name: 'Okanagan Errands',
    location: 'Kelowna, BC',
    years: 3,
    statement: 'Groceries, prescriptions and pet food delivered the same day.',
    offering: {
      title: 'Grocery Shopping',
      description: 'Same-day grocery shopping and delivery to your door.',
      service: 'grocery-shopping',
      pricingModel: 'fixed',
      price: 30,
    },
  },
] as const;

export const marketplaceCustomers = [
  { email: 'emilie@demo.ca', name: 'Émilie Lavoie' },
  { email: 'noah@demo.ca', name: 'Noah Thompson' },
  { email: 'sophie@demo.ca', name: 'Sophie Bouchard' },
  { email: 'ethan@demo.ca', name: 'Ethan MacDonald' },
  { email: 'priya@demo.ca', name: 'Priya Singh' },
] as const;

type Runner = {
  store: EventStore;
  /** For the personal data kept beside the log (the full postal codes people typed). */
  sql: Sql;
  ids: DemoIds;
  /** The real "now" the story ends at. */
  today: Date;
};

const DAY = 24 * 60 * 60 * 1000;

function id(r: Runner, email: string): string {
  const found = r.ids.get(email);
  if (!found) throw new Error(`Demo account ${email} is missing`);
  return found;
}

async function run<State, Command, Event extends DomainEvent>(
  r: Runner,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  actorId: string | null,
  at: Date,
) {
  const context: CommandContext = { actorId, correlationId: randomUUID(), now: at };
  return handleCommand(r.store, stream, decider, command, context);
}

const schedule = (r: Runner, contractorId: string, command: ScheduleCommand, actorId: string | null, at: Date) =>
  run(r, scheduleStreamId(contractorId), scheduleDecider, command, actorId, at);

/** A demo place as the event keeps it: its forward sortation area (the full code is kept beside the log). */
function placeOf(postalCode: string): WorkLocation {
  const place = lookupPostalCode(postalCode);
  if (!place?.postalCode || !place.fsa) throw new Error(`Unknown demo postal code ${postalCode}`);
  return { fsa: place.fsa, city: place.city, province: place.province, lat: place.lat, lng: place.lng };
}

/** Demo calendars offer two-hour slots from the start of each working day. */
const SLOT_MINUTES = 120;

/** The first start at or after `after` on a day the contractor works: their `slot`-th slot. */
function slotFor(area: AreaSeed, after: Date, slot: number): Date {
  const [hour, minute] = area.hours[0].split(':').map(Number) as [number, number];
  let day = DateTime.fromJSDate(after, { zone: area.timeZone }).startOf('day');
  for (let i = 0; i < 30; i++) {
    const start = day.set({ hour, minute }).plus({ minutes: slot * SLOT_MINUTES });
    if (area.days.includes(day.weekday) && start.toMillis() > after.getTime()) return start.toJSDate();
    day = day.plus({ days: 1 });
  }
  throw new Error('No demo slot found');
}

const areaOf = (email: string) => contractorAreas.find((a) => a.email === email)!;

/** Service areas, a second offering where given, and a working week for every contractor. */
async function seedContractorSetup(r: Runner) {
  const setUpAt = new Date(r.today.getTime() - 60 * DAY);
  for (const area of contractorAreas) {
    const contractorId = id(r, area.email);
    const place = lookupPostalCode(area.postalCode)!;
    await run(
      r,
      contractorStreamId(contractorId),
      contractorDecider,
      {
        type: 'SetContractorServiceArea',
        contractorId,
        place,
        radiusKm: area.radiusKm,
        services: area.services,
        hourlyRateCents: area.hourlyRate * 100,
        now: setUpAt,
      },
      contractorId,
      setUpAt,
    );
    await savePostalCode(r.sql, { subjectId: contractorId, accountId: contractorId, postalCode: area.postalCode });
    if (area.extraOffering) {
      const offeringId = randomUUID();
      await run(
        r,
        offeringStreamId(offeringId),
        offeringDecider,
        {
          type: 'CreateServiceOffering',
          offering: {
            offeringId,
            contractorId,
            title: area.extraOffering.title,
            description: area.extraOffering.description,
            service: area.extraOffering.service,
            pricingModel: area.extraOffering.pricingModel,
            priceCents: area.extraOffering.price * 100,
            isRemoteService: false,
            isActive: true,
          },
          now: setUpAt,
        },
        contractorId,
        setUpAt,
      );
    }
    await schedule(
      r,
      contractorId,
      {
        type: 'SetAvailability',
        contractorId,
        timeZone: area.timeZone,
        weekly: area.days.map((weekday) => ({ weekday, start: area.hours[0], end: area.hours[1] })),
        slotMinutes: SLOT_MINUTES,
        now: setUpAt,
      },
      contractorId,
      setUpAt,
    );
  }
}

type JobStory = {
  customer: string;
  contractor: string;
  /** Days before today the booking was requested; the job starts two days later. */
  requestedDaysAgo: number;
  /** Which two-hour slot of the contractor's working day (0 = the first). */
  slot: number;
  priceDollars: number;
  /** completed: done, with the reviews below; confirmed/requested: still ahead. */
  outcome: 'completed' | 'confirmed' | 'requested';
  customerReview?: [number, string];
  contractorReview?: [number, string];
  messages?: [from: 'customer' | 'contractor', body: string][];
};

/** Past jobs give contractors their ratings; upcoming ones fill the dashboards. */
const jobStories: JobStory[] = [
  {
    customer: 'customer@demo.ca',
    contractor: 'contractor@demo.ca',
    requestedDaysAgo: 40,
    slot: 0,
    priceDollars: 260,
    outcome: 'completed',
    customerReview: [
      5,
      'Patched two walls and rehung a door in one visit. Spotless work, and everything was explained.',
    ],
    contractorReview: [5, 'Clear instructions and easy access to the work area. A pleasure.'],
  },
  {
    customer: 'emilie@demo.ca',
    contractor: 'contractor@demo.ca',
    requestedDaysAgo: 30,
    slot: 2,
    priceDollars: 180,
    outcome: 'completed',
    customerReview: [5, 'Travail impeccable, ponctuel et très poli. Je recommande sans hésiter.'],
    contractorReview: [5, 'Cliente très organisée, merci!'],
  },
  {
    customer: 'sophie@demo.ca',
    contractor: 'vitres@demo.ca',
    requestedDaysAgo: 35,
    slot: 1,
    priceDollars: 180,
    outcome: 'completed',
    customerReview: [5, 'Fenêtres parfaites, même les moustiquaires. Équipe rapide et soigneuse.'],
    contractorReview: [4, 'Good communication, parking was a bit tricky.'],
  },
  {
    customer: 'customer2@demo.ca',
    contractor: 'sparkle@demo.ca',
    requestedDaysAgo: 28,
    slot: 0,
    priceDollars: 210,
    outcome: 'completed',
    customerReview: [5, 'The apartment has never been this clean. They even did the inside of the oven.'],
    contractorReview: [5, 'Friendly and left clear notes. Thank you!'],
  },
  {
    customer: 'noah@demo.ca',
    contractor: 'sparkle@demo.ca',
    requestedDaysAgo: 20,
    slot: 2,
    priceDollars: 160,
    outcome: 'completed',
    customerReview: [4, 'Very thorough cleaning. Arrived 20 minutes late but called ahead.'],
    contractorReview: [5, 'Great client, everything was ready for us.'],
  },
  {
    customer: 'customer3@demo.ca',
    contractor: 'prairiemovers@demo.ca',
    requestedDaysAgo: 33,
    slot: 0,
    priceDollars: 540,
    outcome: 'completed',
    customerReview: [5, 'Two movers, zero scratches, done in four hours. Worth every dollar.'],
    contractorReview: [5, 'Boxes labelled and ready. Easiest move of the month.'],
  },
  {
    customer: 'priya@demo.ca',
    contractor: 'prairiemovers@demo.ca',
    requestedDaysAgo: 18,
    slot: 1,
    priceDollars: 720,
    outcome: 'completed',
    customerReview: [4, 'Careful with the piano, a little slow with the boxes, overall happy.'],
  },
  {
    customer: 'ethan@demo.ca',
    contractor: 'harbourpaint@demo.ca',
    requestedDaysAgo: 26,
    slot: 0,
    priceDollars: 900,
    outcome: 'completed',
    customerReview: [5, 'Two bedrooms painted beautifully, clean lines, and they protected every floor.'],
    contractorReview: [5, 'Very accommodating, coffee on arrival!'],
  },
  {
    customer: 'customer2@demo.ca',
    contractor: 'greenthumb@demo.ca',
    requestedDaysAgo: 24,
    slot: 0,
    priceDollars: 200,
    outcome: 'completed',
    customerReview: [5, 'Our hedges and garden beds look amazing. Will book again in spring.'],
    contractorReview: [4, 'Nice yard to work in.'],
  },
  {
    customer: 'customer@demo.ca',
    contractor: 'pawsome@demo.ca',
    requestedDaysAgo: 22,
    slot: 0,
    priceDollars: 75,
    outcome: 'completed',
    customerReview: [5, 'Our dog adores them. Photo updates after every walk!'],
  },
  {
    customer: 'noah@demo.ca',
    contractor: 'brightwire@demo.ca',
    requestedDaysAgo: 25,
    slot: 1,
    priceDollars: 480,
    outcome: 'completed',
    customerReview: [5, 'Installed three pot lights and an EV charger, permit handled, very professional.'],
    contractorReview: [5, 'Clear scope and quick payment.'],
  },
  {
    customer: 'priya@demo.ca',
    contractor: 'rivercityplumbing@demo.ca',
    requestedDaysAgo: 21,
    slot: 0,
    priceDollars: 330,
    outcome: 'completed',
    customerReview: [4, 'Fixed the leak fast. A bit pricey but honest about it up front.'],
  },
  {
    customer: 'emilie@demo.ca',
    contractor: 'deneigement@demo.ca',
    requestedDaysAgo: 19,
    slot: 0,
    priceDollars: 60,
    outcome: 'completed',
    customerReview: [5, 'Entrée déneigée avant 7 h, comme promis.'],
    contractorReview: [5, 'Merci pour le paiement rapide.'],
  },
  {
    customer: 'ethan@demo.ca',
    contractor: 'hubcitymovers@demo.ca',
    requestedDaysAgo: 17,
    slot: 0,
    priceDollars: 640,
    outcome: 'completed',
    customerReview: [3, 'Everything arrived intact but the truck came two hours late.'],
  },
  {
    customer: 'customer3@demo.ca',
    contractor: 'livingskies@demo.ca',
    requestedDaysAgo: 16,
    slot: 0,
    priceDollars: 150,
    outcome: 'completed',
    customerReview: [5, 'Reliable, kind and thorough. Our go-to cleaners now.'],
  },
  {
    customer: 'sophie@demo.ca',
    contractor: 'estrietech@demo.ca',
    requestedDaysAgo: 15,
    slot: 1,
    priceDollars: 100,
    outcome: 'completed',
    customerReview: [5, 'Wi-Fi réglé en 30 minutes et sauvegardes configurées. Super patient.'],
  },
  // Finished two days ago: the customer still has a review to write.
  {
    customer: 'customer@demo.ca',
    contractor: 'assemblypro@demo.ca',
    requestedDaysAgo: 6,
    slot: 1,
    priceDollars: 165,
    outcome: 'completed',
    contractorReview: [5, 'Everything unboxed and ready — quick job!'],
  },
  // Ahead: a confirmed job with a conversation, and a request waiting for the contractor.
  {
    customer: 'customer@demo.ca',
    contractor: 'contractor@demo.ca',
    requestedDaysAgo: 1,
    slot: 2,
    priceDollars: 195,
    outcome: 'confirmed',
    messages: [
      ['customer', 'Bonjour! The door is the one at the back, the side gate will be open.'],
      ['contractor', 'Perfect, I will bring a new hinge set just in case. See you then.'],
      ['customer', 'Great, thank you!'],
    ],
  },
  {
    customer: 'customer2@demo.ca',
    contractor: 'contractor@demo.ca',
    requestedDaysAgo: 0,
    slot: 0,
    priceDollars: 130,
    outcome: 'requested',
    messages: [['customer', 'Hi, could you also look at a squeaky stair while you are here?']],
  },
  {
    customer: 'customer@demo.ca',
    contractor: 'sparkle@demo.ca',
    requestedDaysAgo: 0,
    slot: 1,
    priceDollars: 180,
    outcome: 'requested',
  },
];

async function seedJobs(r: Runner) {
  for (const story of jobStories) {
    const customerId = id(r, story.customer);
    const contractorId = id(r, story.contractor);
    const area = areaOf(story.contractor);
    const requestedAt = new Date(r.today.getTime() - story.requestedDaysAgo * DAY - 3 * 60 * 60 * 1000);
    const startsAt = slotFor(area, new Date(requestedAt.getTime() + 2 * DAY), story.slot);
    const bookingId = randomUUID();
    await schedule(
      r,
      contractorId,
      {
        type: 'RequestBooking',
        bookingId,
        contractorId,
        customerId,
        startsAt,
        customerTimeZone: area.timeZone,
        workOrderId: null,
        offeringId: null,
        priceCents: story.priceDollars * 100,
        note: null,
        now: requestedAt,
      },
      customerId,
      requestedAt,
    );
    const conversation: ConversationRef = { kind: 'booking', id: bookingId };
    let messageAt = new Date(requestedAt.getTime() + 10 * 60 * 1000);
    for (const [from, body] of story.messages ?? []) {
      const senderId = from === 'customer' ? customerId : contractorId;
      await run(
        r,
        conversationStreamId(conversation),
        conversationDecider,
        {
          type: 'PostMessage',
          conversation,
          messageId: randomUUID(),
          senderId,
          participants: { customerId, contractorId },
          body,
          now: messageAt,
        },
        senderId,
        messageAt,
      );
      messageAt = new Date(messageAt.getTime() + 25 * 60 * 1000);
    }
    if (story.outcome === 'requested') continue;
    const confirmedAt = new Date(requestedAt.getTime() + 2 * 60 * 60 * 1000);
    await schedule(
      r,
      contractorId,
      { type: 'ConfirmBooking', bookingId, actorId: contractorId, now: confirmedAt },
      contractorId,
      confirmedAt,
    );
    if (story.outcome === 'confirmed') continue;
    const completedAt = new Date(startsAt.getTime() + 3 * 60 * 60 * 1000);
    await schedule(
      r,
      contractorId,
      { type: 'CompleteBooking', bookingId, actorId: contractorId, now: completedAt },
      contractorId,
      completedAt,
    );
    const job = {
      jobId: bookingId,
      kind: 'booking' as const,
      contractorId,
      customerId,
      completedAt: completedAt.toISOString(),
    };
    const reviews: [string, [number, string] | undefined, number][] = [
      [customerId, story.customerReview, 5],
      [contractorId, story.contractorReview, 9],
    ];
    for (const [reviewerId, review, hoursAfter] of reviews) {
      if (!review) continue;
      const at = new Date(completedAt.getTime() + hoursAfter * 60 * 60 * 1000);
      await run(
        r,
        reviewStreamId(bookingId),
        reviewDecider,
        { type: 'SubmitReview', reviewerId, job, rating: review[0], text: review[1], now: at },
        reviewerId,
        at,
      );
    }
    // One side wrote and the 7-day window has closed: published, as the scheduled job would.
    const deadline = new Date(completedAt.getTime() + 7 * DAY + 60 * 1000);
    if (deadline < r.today && !(story.customerReview && story.contractorReview)) {
      await run(
        r,
        reviewStreamId(bookingId),
        reviewDecider,
        { type: 'PublishReviews', job, now: deadline },
        null,
        deadline,
      );
    }
  }
}

type OrderStory = {
  customer: string;
  title: string;
  description: string;
  category: string;
  service: ServiceSlug | null;
  postalCode: string | null;
  budget: [number, number];
  postedDaysAgo: number;
  mode: WorkMode;
  direct?: string;
  bids?: [contractor: string, price: number, hours: number, message: string][];
};

const orderStories: OrderStory[] = [
  {
    customer: 'customer@demo.ca',
    title: 'Repaint a two-bedroom condo',
    description:
      'Two bedrooms and a hallway, walls only, colours already chosen. Furniture can be moved to the centre.',
    category: 'painting',
    service: 'painting',
    postalCode: 'H2X 1Y4',
    budget: [900, 1600],
    postedDaysAgo: 3,
    mode: 'bids',
    bids: [
      [
        'contractor@demo.ca',
        1350,
        16,
        'I can do both bedrooms and the hallway in two days, two coats, all prep included.',
      ],
      [
        'outaouais@demo.ca',
        1180,
        20,
        'Disponible la semaine prochaine. Peinture fournie au prix coûtant, deux couches.',
      ],
    ],
  },
  {
    customer: 'customer2@demo.ca',
    title: 'Deep clean before moving out',
    description: 'One-bedroom apartment near Danforth, needs a move-out clean including oven, fridge and balcony.',
    category: 'cleaning',
    service: 'move-out-cleaning',
    postalCode: 'M4C 1B5',
    budget: [250, 400],
    postedDaysAgo: 2,
    mode: 'bids',
    bids: [
      ['sparkle@demo.ca', 320, 5, 'We do move-outs every week; landlord-approved checklist, supplies included.'],
      ['steeltowncleaners@demo.ca', 290, 6, 'Happy to come to Toronto for this one, we can start Saturday morning.'],
    ],
  },
  {
    customer: 'priya@demo.ca',
    title: 'Assemble a sectional sofa and two bookcases',
    description: 'New flat-pack sectional and two tall bookcases that need wall anchors. Ground-floor condo.',
    category: 'moving',
    service: 'furniture-assembly',
    postalCode: 'T2P 1J9',
    budget: [150, 300],
    postedDaysAgo: 4,
    mode: 'bids',
    bids: [['prairiemovers@demo.ca', 240, 3, 'Two of us, about three hours including anchoring both bookcases.']],
  },
  {
    customer: 'noah@demo.ca',
    title: 'Install a backyard EV charger outlet',
    description: 'Need a 240 V outlet in the detached garage for a level-2 charger, panel has room.',
    category: 'repairs',
    service: 'electrical',
    postalCode: 'L5B 3C2',
    budget: [700, 1200],
    postedDaysAgo: 1,
    mode: 'bids',
  },
  {
    customer: 'emilie@demo.ca',
    title: 'Déneigement pour l’hiver',
    description: 'Entrée double et trottoir, contrat saisonnier de décembre à mars, passage avant 7 h.',
    category: 'outdoor',
    service: 'snow-removal',
    postalCode: 'H7N 5H9',
    budget: [450, 650],
    postedDaysAgo: 5,
    mode: 'bids',
    bids: [
      ['deneigement@demo.ca', 560, 40, 'Contrat saisonnier, passage garanti avant 7 h après chaque chute de 5 cm.'],
    ],
  },
  {
    customer: 'ethan@demo.ca',
    title: 'Fix a leaking kitchen faucet',
    description: 'Single-handle faucet drips constantly, probably the cartridge. Parts not bought yet.',
    category: 'repairs',
    service: 'plumbing',
    postalCode: 'B3H 1Y4',
    budget: [120, 250],
    postedDaysAgo: 1,
    mode: 'bids',
  },
  {
    customer: 'sophie@demo.ca',
    title: 'Cours de piano pour une enfant de 9 ans',
    description: 'Une heure par semaine, débutante, de préférence le samedi matin.',
    category: 'lessons',
    service: 'music-lessons',
    postalCode: 'G1R 4P5',
    budget: [40, 60],
    postedDaysAgo: 6,
    mode: 'bids',
  },
  {
    customer: 'customer3@demo.ca',
    title: 'Set up home office Wi-Fi and printer',
    description: 'Mesh Wi-Fi kit already bought; need it installed and a wireless printer connected to two laptops.',
    category: 'lessons',
    service: 'computer-help',
    postalCode: null,
    budget: [80, 150],
    postedDaysAgo: 2,
    mode: 'bids',
    bids: [
      [
        'estrietech@demo.ca',
        100,
        2,
        'I can walk you through it by video, or the mesh part remotely and the printer together.',
      ],
    ],
  },
  // Direct requests waiting for the demo contractor's answer.
  {
    customer: 'customer3@demo.ca',
    title: 'Rehang a sagging gate and fix a fence board',
    description: 'Wooden side gate drags on the ground; one fence board is cracked and needs replacing.',
    category: 'repairs',
    service: 'handyman-services',
    postalCode: 'H3Z 2Y7',
    budget: [150, 150],
    postedDaysAgo: 1,
    mode: 'direct',
    direct: 'contractor@demo.ca',
  },
  {
    customer: 'emilie@demo.ca',
    title: 'Réparer une fissure au plafond',
    description: 'Fissure d’environ un mètre au plafond du salon, à réparer et repeindre.',
    category: 'painting',
    service: 'drywall',
    postalCode: 'H2X 1Y4',
    budget: [200, 350],
    postedDaysAgo: 0,
    mode: 'direct',
    direct: 'contractor@demo.ca',
  },
];

async function seedWorkOrders(r: Runner) {
  for (const story of orderStories) {
    const customerId = id(r, story.customer);
    const workOrderId = randomUUID();
    const postedAt = new Date(r.today.getTime() - story.postedDaysAgo * DAY - 5 * 60 * 60 * 1000);
    const preferred = DateTime.fromJSDate(r.today, { zone: 'America/Toronto' }).plus({ days: 10 }).toISODate()!;
    await run(
      r,
      workOrderStreamId(workOrderId),
      workOrderDecider,
      {
        type: 'PostWorkOrder',
        workOrderId,
        customerId,
        mode: story.mode,
        directContractorId: story.direct ? id(r, story.direct) : null,
        details: {
          title: story.title,
          description: story.description,
          category: story.category,
          service: story.service,
          location: story.postalCode ? placeOf(story.postalCode) : null,
          remote: story.postalCode === null,
          budgetMinCents: story.budget[0] * 100,
          budgetMaxCents: story.budget[1] * 100,
          preferredDates: [preferred],
          photos: [],
        },
        now: postedAt,
      },
      customerId,
      postedAt,
    );
    await savePostalCode(r.sql, { subjectId: workOrderId, accountId: customerId, postalCode: story.postalCode });
    let bidAt = new Date(postedAt.getTime() + 3 * 60 * 60 * 1000);
    for (const [contractor, price, hours, message] of story.bids ?? []) {
      const contractorId = id(r, contractor);
      const earliestStart = DateTime.fromJSDate(r.today, { zone: 'America/Toronto' }).plus({ days: 4 }).toISODate()!;
      await run(
        r,
        workOrderStreamId(workOrderId),
        workOrderDecider,
        {
          type: 'SubmitProposal',
          workOrderId,
          proposalId: randomUUID(),
          contractorId,
          priceCents: price * 100,
          durationHours: hours,
          earliestStart,
          message,
          now: bidAt,
        },
        contractorId,
        bidAt,
      );
      bidAt = new Date(bidAt.getTime() + 4 * 60 * 60 * 1000);
    }
  }
}

/** Seeds the marketplace chapter for the demo accounts in `ids` (email → account id). */
export async function seedMarketplace(store: EventStore, sql: Sql, ids: DemoIds, today = new Date()): Promise<void> {
  const r: Runner = { store, sql, ids, today };
  await seedContractorSetup(r);
  await seedJobs(r);
  await seedWorkOrders(r);
}
