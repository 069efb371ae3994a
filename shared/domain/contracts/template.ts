import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { provinces, type ProvinceCode } from '../../geo/provinces.ts';
import { CANCELLATION_POLICY } from '../booking/policy.ts';
import { ARBITRATION_FEE_TIERS, FEE_TIERS, feeTierOf, type FeeTier } from '../fees/tiers.ts';
import { taxRatesOn } from '../money/sales-tax.ts';
import { RECURRING_LIMITS } from '../recurring/rules.ts';
import type { ContractTerms, RecurringTerms } from './events.ts';

const RECURRING_BOOK_AHEAD_DAYS = RECURRING_LIMITS.bookAheadDays;

/**
 * The contract's text, rendered from its terms by a versioned template. What a party signs is the
 * SHA-256 of this exact text, so the text must come out byte for byte the same on every machine
 * and for ever:
 * - a template version, once used, is never edited (a new wording is a new version, and events
 *   name the version they were rendered with);
 * - nothing depends on the runtime's locale data: money, percentages and dates are formatted here
 *   by hand (Intl's output changes between ICU releases, e.g. which space French puts before "$").
 *
 * v2 identifies the parties by their account only: a name in the hashed text would make the hash
 * of a low-entropy name guessable, and the text lives in the event log for ever. The names are
 * shown beside the text (the contract view looks them up) and kept with each signature's legal
 * copy. v1 (names in the text) renders the contracts made before, for their hash check.
 */
export const CURRENT_TEMPLATE_VERSION = 'v2';

/** How many days after completion an escrow is released without an answer, and the longest hold. */
export const ESCROW_TIMERS = { autoReleaseDays: 14, holdLimitDays: 90, escalateAfterDays: 80 } as const;

export type ContractLanguage = 'en' | 'fr';

export type RenderedContract = {
  templateVersion: string;
  /** Bill 96: French first when either party is in Quebec. */
  languages: [ContractLanguage, ContractLanguage];
  /** One block per language, in `languages` order; each a title and sections. */
  documents: { language: ContractLanguage; title: string; sections: { heading: string; paragraphs: string[] }[] }[];
  /** The exact text hashed and signed. */
  text: string;
  textHash: string;
};

export function languageOrder(
  terms: Pick<ContractTerms, 'customer' | 'contractor'>,
): [ContractLanguage, ContractLanguage] {
  return terms.customer.province === 'QC' || terms.contractor.province === 'QC' ? ['fr', 'en'] : ['en', 'fr'];
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Renders the terms with a template version; throws on a version that does not exist. */
export function renderContract(
  terms: ContractTerms,
  meta: { version: number; generatedAt: string },
  templateVersion: string = CURRENT_TEMPLATE_VERSION,
): RenderedContract {
  const template = TEMPLATES[templateVersion];
  if (!template) throw new RangeError(`unknown contract template ${templateVersion}`);
  const languages = languageOrder(terms);
  const documents = languages.map((language) => ({ language, ...template(terms, meta, language) }));
  const text = documents
    .map(
      (doc) => `${doc.title}\n\n${doc.sections.map((s) => `${s.heading}\n${s.paragraphs.join('\n')}`).join('\n\n')}\n`,
    )
    .join('\n----------------------------------------\n\n');
  return { templateVersion, languages, documents, text, textHash: sha256Hex(text) };
}

// ─── Deterministic formatting ──────────────────────────────────────────────────────────────────

const NBSP = '\u00a0';

function groupThousands(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** `123456` → "$1,234.56" (en) or "1 234,56 $" (fr), with no-break spaces in French. */
export function contractMoney(cents: number, language: ContractLanguage): string {
  const whole = Math.floor(cents / 100);
  const part = String(cents % 100).padStart(2, '0');
  return language === 'en'
    ? `$${groupThousands(whole, ',')}.${part}`
    : `${groupThousands(whole, NBSP)},${part}${NBSP}$`;
}

/** Basis points as a percentage: 350 → "3.5%" / "3,5 %". */
function percentFromBps(bps: number, language: ContractLanguage): string {
  const text = (bps / 100).toString();
  return language === 'en' ? `${text}%` : `${text.replace('.', ',')}${NBSP}%`;
}

/** Per-100,000 rates (the sales-tax table): 9975 → "9.975%". */
function percentFromPcm(pcm: number, language: ContractLanguage): string {
  const text = (pcm / 1000).toString();
  return language === 'en' ? `${text}%` : `${text.replace('.', ',')}${NBSP}%`;
}

const MONTHS: Record<ContractLanguage, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

function contractDate(iso: string, zone: string, language: ContractLanguage): string {
  const at = DateTime.fromISO(iso, { zone });
  const month = MONTHS[language][at.month - 1]!;
  return language === 'en' ? `${month} ${at.day}, ${at.year}` : `${at.day === 1 ? '1er' : at.day} ${month} ${at.year}`;
}

function contractTime(iso: string, zone: string, language: ContractLanguage): string {
  const at = DateTime.fromISO(iso, { zone });
  return language === 'en' ? at.toFormat('HH:mm') : at.toFormat("HH' h 'mm");
}

function provinceName(code: ProvinceCode, language: ContractLanguage): string {
  return provinces.find((p) => p.code === code)![language];
}

function tierRange(tier: FeeTier, language: ContractLanguage): string {
  const from = contractMoney(tier.fromCents, language);
  if (tier.toCents === null) return language === 'en' ? `${from} and over` : `${from} et plus`;
  const to = contractMoney(tier.toCents - 1, language);
  return language === 'en' ? `${from} to ${to}` : `de ${from} à ${to}`;
}

// ─── Templates v1 and v2 ───────────────────────────────────────────────────────────────────────

/** What a party is called in a v1 text; a legacy read model has no name left, so it says so. */
const LEGACY_UNNAMED = 'Former member';

type Template = (
  terms: ContractTerms,
  meta: { version: number; generatedAt: string },
  language: ContractLanguage,
) => { title: string; sections: { heading: string; paragraphs: string[] }[] };

/** The urgent premium's sentence (only urgent jobs have one, so other contracts read as before). */
function urgentClause(
  premium: NonNullable<ContractTerms['urgentPremium']>,
  money: (cents: number) => string,
  language: ContractLanguage,
): string {
  const times = (premium.multiplierPct / 100).toLocaleString(language === 'en' ? 'en-CA' : 'fr-CA');
  return language === 'en'
    ? `This is an urgent job: the price includes an urgent premium of ${times}x the normal price of ${money(premium.baseCents)}, that is ${money(premium.premiumCents)} on top of it.`
    : `Il s’agit de travaux urgents : le prix comprend une prime d’urgence de ${times}${NBSP}fois le prix normal de ${money(premium.baseCents)}, soit ${money(premium.premiumCents)} de plus.`;
}

const EVERY: Record<NonNullable<Extract<RecurringTerms, { kind: 'agreement' }>['frequency']>, [string, string]> = {
  weekly: ['every week', 'chaque semaine'],
  biweekly: ['every two weeks', 'toutes les deux semaines'],
  monthly: ['every month', 'chaque mois'],
};

/**
 * A recurring service's clauses (only its agreement and visits have them, so other contracts read
 * as before): how often and what each visit costs, how visits are booked and paid, and for a
 * visit, the agreement it is made under.
 */
function recurringClauses(
  recurring: RecurringTerms,
  price: string | null,
  language: ContractLanguage,
): { price: string[]; schedule: string[]; escrow: string[] } {
  const en = language === 'en';
  if (recurring.kind === 'visit') {
    const fingerprint = recurring.agreementTextHash.slice(0, 16);
    return {
      price: [],
      schedule: [
        en
          ? `This is visit ${recurring.visitIndex + 1} of the recurring service agreement ${recurring.subscriptionId} (version ${recurring.agreementVersion}, fingerprint ${fingerprint}), which both parties signed. It is executed under that agreement and needs no signature of its own.`
          : `Il s’agit de la visite ${recurring.visitIndex + 1} de l’entente de service récurrent ${recurring.subscriptionId} (version ${recurring.agreementVersion}, empreinte ${fingerprint}), signée par les deux parties. Elle est conclue en vertu de cette entente et n’exige pas de signature distincte.`,
      ],
      escrow: [
        en
          ? 'The price of this visit is charged to the card the customer keeps on file for the agreement when the visit is booked, and held in escrow as follows.'
          : 'Le prix de cette visite est porté à la carte que le client a enregistrée pour l’entente au moment où la visite est réservée, et détenu en entiercement comme suit.',
      ],
    };
  }
  const [everyEn, everyFr] = EVERY[recurring.frequency];
  const date = contractDate(recurring.firstVisitAt, recurring.timeZone, language);
  const time = contractTime(recurring.firstVisitAt, recurring.timeZone, language);
  return {
    price: price
      ? [
          en
            ? `This is a recurring service: the price above is for each visit, and the customer pays it for each visit made.`
            : `Il s’agit d’un service récurrent : le prix ci-dessus est celui de chaque visite, et le client le paie pour chaque visite effectuée.`,
        ]
      : [],
    schedule: [
      en
        ? `Visits take place ${everyEn}, starting on ${date} at ${time} (${recurring.timeZone}), each lasting ${recurring.visitMinutes} minutes at the same local time. A monthly visit on a day a month does not have falls on that month’s last day.`
        : `Les visites ont lieu ${everyFr}, à compter du ${date} à ${time} (${recurring.timeZone}), d’une durée de ${recurring.visitMinutes}${NBSP}minutes chacune, à la même heure locale. Une visite mensuelle prévue un jour qu’un mois n’a pas a lieu le dernier jour de ce mois.`,
      en
        ? `Each visit is booked on the contractor’s calendar ${RECURRING_BOOK_AHEAD_DAYS} days ahead and has its own contract under this agreement. The customer may skip a visit or pause the service, and either party may cancel it, at any time through the platform; a visit already booked is then cancelled under the cancellation terms below.`
        : `Chaque visite est réservée dans le calendrier de l’entrepreneur ${RECURRING_BOOK_AHEAD_DAYS} jours à l’avance et a son propre contrat en vertu de la présente entente. Le client peut sauter une visite ou suspendre le service, et chaque partie peut l’annuler, en tout temps par la plateforme; une visite déjà réservée est alors annulée selon les conditions d’annulation ci-dessous.`,
    ],
    escrow: [
      en
        ? 'The customer authorises the platform to charge the card kept on file the price of each visit when it is booked. Each visit’s payment is held in escrow and released on its own, as follows.'
        : 'Le client autorise la plateforme à porter à la carte enregistrée le prix de chaque visite au moment de sa réservation. Le paiement de chaque visite est détenu en entiercement et libéré séparément, comme suit.',
    ],
  };
}

/**
 * The two editions differ only in how the parties are named and what the signature section says a
 * signature records; everything else is the same text, byte for byte.
 */
function editionText(
  edition: 'v1' | 'v2',
  terms: ContractTerms,
  meta: { version: number; generatedAt: string },
  language: ContractLanguage,
): ReturnType<Template> {
  const en = language === 'en';
  const money = (cents: number) => contractMoney(cents, language);
  const price = terms.priceCents;
  const tier = price === null ? null : feeTierOf('transaction', price);
  const arbitrationTier = price === null ? null : feeTierOf('arbitration', price);
  const generatedDay = DateTime.fromISO(meta.generatedAt, { zone: 'America/Toronto' }).toISODate()!;
  const taxes = taxRatesOn(terms.contractor.province, generatedDay)
    .map((line) => `${line.code} ${percentFromPcm(line.ratePcm, language)}`)
    .join(' + ');
  const contractorProvince = provinceName(terms.contractor.province, language);
  const customerWhere = terms.customer.province ? ` (${provinceName(terms.customer.province, language)})` : '';
  const customerName = terms.customer.name ?? LEGACY_UNNAMED;
  const contractorName = terms.contractor.name ?? LEGACY_UNNAMED;
  const policy = CANCELLATION_POLICY;
  const recurring = terms.recurring
    ? recurringClauses(terms.recurring, price === null ? null : money(price), language)
    : { price: [], schedule: [], escrow: [] };

  const schedule = terms.schedule
    ? en
      ? `The work is scheduled on ${contractDate(terms.schedule.startsAt, terms.schedule.timeZone, 'en')} from ${contractTime(terms.schedule.startsAt, terms.schedule.timeZone, 'en')} to ${contractTime(terms.schedule.endsAt, terms.schedule.timeZone, 'en')} (${terms.schedule.timeZone}). A change of time agreed through the platform's calendar amends this schedule.`
      : `Les travaux sont prévus le ${contractDate(terms.schedule.startsAt, terms.schedule.timeZone, 'fr')} de ${contractTime(terms.schedule.startsAt, terms.schedule.timeZone, 'fr')} à ${contractTime(terms.schedule.endsAt, terms.schedule.timeZone, 'fr')} (${terms.schedule.timeZone}). Un changement d’horaire convenu dans le calendrier de la plateforme modifie cet horaire.`
    : en
      ? 'The parties book the date of the work through the platform’s calendar; the booking, once confirmed, forms part of this contract.'
      : 'Les parties réservent la date des travaux dans le calendrier de la plateforme; la réservation, une fois confirmée, fait partie du présent contrat.';

  const tiers = (list: readonly FeeTier[]) =>
    list.map((t) => `${tierRange(t, language)}: ${percentFromBps(t.rateBps, language)}`).join('; ');

  return {
    title: en ? `Contract for services — ${terms.title}` : `Contrat de services — ${terms.title}`,
    sections: [
      {
        heading: en ? 'Contract' : 'Contrat',
        paragraphs: [
          en
            ? `Contract ${terms.jobId}, version ${meta.version}, template ${edition}, generated ${contractDate(meta.generatedAt, 'America/Toronto', 'en')}.`
            : `Contrat ${terms.jobId}, version ${meta.version}, modèle ${edition}, généré le ${contractDate(meta.generatedAt, 'America/Toronto', 'fr')}.`,
          en
            ? 'This contract is written in French and in English. Both versions are equally authoritative.'
            : 'Le présent contrat est rédigé en français et en anglais. Les deux versions font également foi.',
        ],
      },
      {
        heading: en ? '1. Parties' : '1. Parties',
        paragraphs:
          edition === 'v1'
            ? [
                en
                  ? `Customer: ${customerName}${customerWhere}, account ${terms.customer.userId}.`
                  : `Client : ${customerName}${customerWhere}, compte ${terms.customer.userId}.`,
                en
                  ? `Contractor: ${contractorName} (${contractorProvince}), account ${terms.contractor.userId}.`
                  : `Entrepreneur : ${contractorName} (${contractorProvince}), compte ${terms.contractor.userId}.`,
              ]
            : [
                en
                  ? `Customer: the holder of account ${terms.customer.userId}${customerWhere}.`
                  : `Client : le titulaire du compte ${terms.customer.userId}${customerWhere}.`,
                en
                  ? `Contractor: the holder of account ${terms.contractor.userId} (${contractorProvince}).`
                  : `Entrepreneur : le titulaire du compte ${terms.contractor.userId} (${contractorProvince}).`,
                en
                  ? 'Each party is identified by their account on the platform. The platform keeps the name of each party with the record of their signature.'
                  : 'Chaque partie est identifiée par son compte sur la plateforme. La plateforme conserve le nom de chaque partie avec l’enregistrement de sa signature.',
              ],
      },
      {
        heading: en ? '2. Scope of work' : '2. Description des travaux',
        paragraphs: [terms.title, terms.scope],
      },
      {
        heading: en ? '3. Price' : '3. Prix',
        paragraphs: [
          price === null
            ? en
              ? 'The price is not set yet. This contract cannot be signed until the parties set it.'
              : 'Le prix n’est pas encore fixé. Le contrat ne peut être signé avant que les parties le fixent.'
            : en
              ? `The customer pays ${money(price)} (Canadian dollars) for the work described above.`
              : `Le client paie ${money(price)} (dollars canadiens) pour les travaux décrits ci-dessus.`,
          ...(terms.urgentPremium ? [urgentClause(terms.urgentPremium, money, language)] : []),
          ...recurring.price,
        ],
      },
      {
        heading: en ? '4. Schedule' : '4. Échéancier',
        // An agreement's schedule is its recurrence; a visit's is its own date, under the agreement.
        paragraphs: terms.recurring?.kind === 'agreement' ? recurring.schedule : [schedule, ...recurring.schedule],
      },
      {
        heading: en ? '5. Escrow' : '5. Entiercement',
        paragraphs: [
          ...recurring.escrow,
          ...(en
            ? [
                'Once both parties have signed, the customer pays the price into escrow through the platform. The platform holds it; neither party can withdraw it alone.',
                'When the contractor marks the work complete, the customer approves it, which releases the payment, or asks for changes.',
                `If the customer neither approves nor asks for changes within ${ESCROW_TIMERS.autoReleaseDays} days of completion, the payment is released automatically. No payment is held longer than ${ESCROW_TIMERS.holdLimitDays} days: before then the case goes to the platform’s administrators.`,
                'The contractor is paid 2 to 3 business days after the release, not counting weekends and Canadian bank holidays.',
              ]
            : [
                'Une fois le contrat signé par les deux parties, le client verse le prix en entiercement par la plateforme. La plateforme le détient; aucune partie ne peut le retirer seule.',
                'Quand l’entrepreneur indique que les travaux sont terminés, le client les approuve, ce qui libère le paiement, ou demande des modifications.',
                `Si le client n’approuve pas et ne demande pas de modifications dans les ${ESCROW_TIMERS.autoReleaseDays} jours suivant la fin des travaux, le paiement est libéré automatiquement. Aucun paiement n’est retenu plus de ${ESCROW_TIMERS.holdLimitDays} jours : avant ce délai, le dossier est confié aux administrateurs de la plateforme.`,
                'L’entrepreneur est payé 2 à 3 jours ouvrables après la libération, sans compter les fins de semaine ni les jours fériés bancaires canadiens.',
              ]),
        ],
      },
      {
        heading: en ? '6. Platform fee and tax' : '6. Frais de plateforme et taxes',
        paragraphs: [
          en
            ? `The platform fee is charged to the contractor, never to the customer. It is calculated when the escrow is created and deducted only when the payment is released to the contractor. On a job completed normally it is: ${tiers(FEE_TIERS)}.`
            : `Les frais de plateforme sont facturés à l’entrepreneur, jamais au client. Ils sont calculés à la création de l’entiercement et retenus seulement quand le paiement est libéré à l’entrepreneur. Pour des travaux terminés normalement : ${tiers(FEE_TIERS)}.`,
          en
            ? `On a case decided by a human arbitrator, the arbitration scale applies instead, on the amount released to the contractor: ${tiers(ARBITRATION_FEE_TIERS)}.`
            : `Pour un dossier tranché par un arbitre humain, le barème d’arbitrage s’applique plutôt, sur le montant libéré à l’entrepreneur : ${tiers(ARBITRATION_FEE_TIERS)}.`,
          ...(tier && arbitrationTier && price !== null
            ? [
                en
                  ? `For this job (${money(price)}) the fee is ${percentFromBps(tier.rateBps, 'en')} (${percentFromBps(arbitrationTier.rateBps, 'en')} on an arbitrated case).`
                  : `Pour ces travaux (${money(price)}), les frais sont de ${percentFromBps(tier.rateBps, 'fr')} (${percentFromBps(arbitrationTier.rateBps, 'fr')} pour un dossier arbitré).`,
              ]
            : []),
          en
            ? `Sales tax on the fee follows the contractor’s province (${contractorProvince}: ${taxes} today), at the rate in force on the day the fee is charged. The contractor receives the released amount less the fee and the tax on the fee.`
            : `Les taxes de vente sur les frais suivent la province de l’entrepreneur (${contractorProvince} : ${taxes} aujourd’hui), au taux en vigueur le jour où les frais sont facturés. L’entrepreneur reçoit le montant libéré moins les frais et les taxes sur les frais.`,
        ],
      },
      {
        heading: en ? '7. Cancellation' : '7. Annulation',
        paragraphs: en
          ? [
              `Cancelling more than ${policy.freeHours} hours before the start is free and the escrow is refunded in full.`,
              `Later, the customer owes a late-cancellation fee of ${policy.lateFeePercent}% of the price, at least ${money(policy.minimumFeeCents)} and never more than the price (${money(policy.noPriceFeeCents)} when no price was agreed). It is paid to the contractor from the escrow and the rest is refunded. A cancellation by the contractor is always free for the customer.`,
            ]
          : [
              `Une annulation plus de ${policy.freeHours} heures avant le début est gratuite et l’entiercement est remboursé en entier.`,
              `Plus tard, le client doit des frais d’annulation tardive de ${policy.lateFeePercent}${NBSP}% du prix, d’au moins ${money(policy.minimumFeeCents)} et jamais plus que le prix (${money(policy.noPriceFeeCents)} sans prix convenu). Ils sont versés à l’entrepreneur à partir de l’entiercement et le reste est remboursé. Une annulation par l’entrepreneur est toujours gratuite pour le client.`,
            ],
      },
      {
        heading: en ? '8. Disputes' : '8. Litiges',
        paragraphs: en
          ? [
              'Either party may open a dispute before the payment is released. The escrow is then frozen. The platform’s AI-assisted analysis reviews the evidence of both parties, and a human arbitrator makes a binding final decision, which distributes the escrow as a refund, a split or a release.',
            ]
          : [
              'Chaque partie peut ouvrir un litige avant la libération du paiement. L’entiercement est alors gelé. L’analyse assistée par IA de la plateforme examine les preuves des deux parties, et un arbitre humain rend une décision finale exécutoire, qui répartit l’entiercement par un remboursement, un partage ou une libération.',
            ],
      },
      {
        heading: en ? '9. Governing law' : '9. Droit applicable',
        paragraphs: [
          en
            ? `This contract is governed by the laws of ${provinceName(terms.governingProvince, 'en')} and the federal laws of Canada that apply there.`
            : `Le présent contrat est régi par les lois de la province ou du territoire suivant : ${provinceName(terms.governingProvince, 'fr')}, et par les lois fédérales du Canada qui s’y appliquent.`,
        ],
      },
      {
        heading: en ? '10. Platform disclaimer' : '10. Avis de la plateforme',
        paragraphs: en
          ? [
              'The platform is not liable for the quality or results of services.',
              'Transactions are between the customer and the contractor.',
              'Disputes go to arbitration services or legal means.',
            ]
          : [
              'La plateforme n’est pas responsable de la qualité ni des résultats des services.',
              'Les transactions se font entre le client et l’entrepreneur.',
              'Les litiges sont soumis aux services d’arbitrage ou aux recours judiciaires.',
            ],
      },
      {
        heading: en ? '11. Signatures' : '11. Signatures',
        paragraphs: [
          edition === 'v1'
            ? en
              ? 'Each party signs by typing their full name and giving their consent. Each signature records the time, the SHA-256 hash of this exact text and the browser used. The contract is in force once both parties have signed this version.'
              : 'Chaque partie signe en tapant son nom complet et en donnant son consentement. Chaque signature enregistre l’heure, l’empreinte SHA-256 de ce texte exact et le navigateur utilisé. Le contrat entre en vigueur quand les deux parties ont signé cette version.'
            : en
              ? 'Each party signs by typing their full name and giving their consent. Each signature records the time and the SHA-256 hash of this exact text; the platform keeps the typed name and the browser used with the record of the signature. The contract is in force once both parties have signed this version.'
              : 'Chaque partie signe en tapant son nom complet et en donnant son consentement. Chaque signature enregistre l’heure et l’empreinte SHA-256 de ce texte exact; la plateforme conserve le nom tapé et le navigateur utilisé avec l’enregistrement de la signature. Le contrat entre en vigueur quand les deux parties ont signé cette version.',
        ],
      },
    ],
  };
}

const TEMPLATES: Record<string, Template> = {
  v1: (terms, meta, language) => editionText('v1', terms, meta, language),
  v2: (terms, meta, language) => editionText('v2', terms, meta, language),
};
