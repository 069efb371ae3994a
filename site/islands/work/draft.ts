import type { z } from 'zod';
import { dollarsToCents, WORK_ORDER_PHOTO_LIMIT } from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode } from '../../../shared/geo/postal-code.ts';
import { budgetInOrder, detailsShape, type EditWorkOrderBody } from '../../../shared/http/work.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import type { PickedContractor } from './ContractorPicker.tsx';

export type Errors = Partial<
  Record<
    | 'title'
    | 'description'
    | 'category'
    | 'service'
    | 'postalCode'
    | 'budgetMin'
    | 'budgetMax'
    | 'dates'
    | 'photos'
    | 'contractor',
    string
  >
>;

export type Draft = {
  title: string;
  description: string;
  category: string;
  service: string;
  postalCode: string;
  remote: boolean;
  budgetKind: 'fixed' | 'range';
  budgetMin: string;
  budgetMax: string;
  dates: string[];
  photos: { id: string; url: string }[];
  mode: 'direct' | 'bids';
  contractor: PickedContractor | null;
};

export const emptyDraft: Draft = {
  title: '',
  description: '',
  category: '',
  service: '',
  postalCode: '',
  remote: false,
  budgetKind: 'fixed',
  budgetMin: '',
  budgetMax: '',
  dates: [],
  photos: [],
  mode: 'bids',
  contractor: null,
};

type RuleKey = keyof (typeof workRuleMessages)['en'];
const ruleKeys = Object.keys(workRuleMessages.en) as RuleKey[];

/**
 * The first failure of one field of the API's body (shared/http/work.ts), in the page's language:
 * the schema speaks the server's English, which names the rule to say (site/i18n/messages/work-rules.ts).
 */
export function failureOf(field: z.ZodType, value: unknown, locale: Locale): string | undefined {
  const result = field.safeParse(value);
  if (result.success) return undefined;
  const message = result.error.issues[0]!.message;
  const key = ruleKeys.find((rule) => workRuleMessages.en[rule] === message);
  return key ? workRuleMessages[locale][key] : message;
}

/** The server's rules (the body schema of shared/http/work.ts), checked before sending, in the page's language. */
export function validateDraft(
  draft: Draft,
  locale: Locale,
  options: { requireContractor: boolean; photoLimit?: number },
): { errors: Errors; input: EditWorkOrderBody | null } {
  const m = workMessages[locale];
  const rules = workRuleMessages[locale];
  const errors: Errors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  errors.title = failureOf(detailsShape.title, title, locale);
  errors.description = failureOf(detailsShape.description, description, locale);
  errors.category = failureOf(detailsShape.category, draft.category, locale);
  const postal = draft.postalCode.trim();
  const postalCode = postal ? normalizePostalCode(postal) : null;
  if (postal) errors.postalCode = failureOf(detailsShape.postalCode, postal, locale);
  else if (!draft.remote) errors.postalCode = rules.locationRequired;
  const min = dollarsToCents(draft.budgetMin);
  const max = draft.budgetKind === 'fixed' ? min : dollarsToCents(draft.budgetMax);
  errors.budgetMin = min === null ? m.amountInvalid : failureOf(detailsShape.budgetMinCents, min, locale);
  if (draft.budgetKind === 'range') {
    errors.budgetMax = max === null ? m.amountInvalid : failureOf(detailsShape.budgetMaxCents, max, locale);
    if (
      !errors.budgetMax &&
      min !== null &&
      max !== null &&
      !budgetInOrder({ budgetMinCents: min, budgetMaxCents: max })
    ) {
      errors.budgetMin = rules.budgetOrder;
    }
  }
  errors.dates = failureOf(detailsShape.preferredDates, draft.dates, locale);
  const photoLimit = options.photoLimit ?? WORK_ORDER_PHOTO_LIMIT;
  if (draft.photos.length > photoLimit && photoLimit < WORK_ORDER_PHOTO_LIMIT) {
    errors.photos = format(m.photosPlanLimit, { n: photoLimit });
  } else if (draft.photos.length > photoLimit) {
    errors.photos = failureOf(
      detailsShape.photos,
      draft.photos.map((p) => p.id),
      locale,
    );
  }
  if (options.requireContractor && draft.mode === 'direct' && !draft.contractor) {
    errors.contractor = m.contractorRequired;
  }
  for (const key of Object.keys(errors) as (keyof Errors)[]) if (errors[key] === undefined) delete errors[key];
  if (Object.keys(errors).length > 0 || min === null || max === null) return { errors, input: null };
  return {
    errors,
    input: {
      title,
      description,
      category: draft.category as EditWorkOrderBody['category'],
      service: (draft.service || null) as EditWorkOrderBody['service'],
      remote: draft.remote,
      postalCode,
      budgetMinCents: min,
      budgetMaxCents: max,
      preferredDates: draft.dates,
      photos: draft.photos.map((p) => p.id),
    },
  };
}
