import { describe, expect, it } from 'vitest';
import { WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { detailsShape, proposalBody } from '../../../shared/http/work.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { failureOf } from './draft.ts';

describe('a field checked with the API’s body schema', () => {
  it('passes a valid value', () => {
    expect(failureOf(proposalBody.shape.priceCents, 50_000, 'fr')).toBeUndefined();
  });

  it('says the rule the schema broke in the page’s language', () => {
    expect(failureOf(proposalBody.shape.priceCents, 0, 'en')).toBe(WORK_MESSAGES.price);
    expect(failureOf(proposalBody.shape.priceCents, 0, 'fr')).toBe(workRuleMessages.fr.price);
    expect(failureOf(proposalBody.shape.durationHours, 1.25, 'fr')).toBe(workRuleMessages.fr.duration);
    expect(failureOf(proposalBody.shape.message, '   ', 'fr')).toBe(workRuleMessages.fr.proposalMessage);
    expect(failureOf(detailsShape.budgetMinCents, 200_000_000, 'fr')).toBe(workRuleMessages.fr.budgetMax);
  });

  it('keeps a message no rule names as the schema says it', () => {
    expect(failureOf(detailsShape.remote, 'yes', 'fr')).toBe('remote must be true or false');
  });
});
