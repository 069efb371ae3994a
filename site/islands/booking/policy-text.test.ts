import { describe, expect, it } from 'vitest';
import { cancellationPolicyText } from './policy-text.ts';

describe('cancellationPolicyText', () => {
  it('states the policy in English with the numbers the decider applies', () => {
    expect(cancellationPolicyText('en')).toBe(
      'Cancelling is free more than 24 hours before the start. After that, a customer who cancels a confirmed booking pays a late-cancellation fee of 20% of the agreed price (at least $15.00, never more than the price itself), or $25.00 when no price was agreed. A request the contractor has not confirmed yet can be withdrawn free at any time, and a cancellation by the contractor costs the customer nothing.',
    );
  });

  it('states it in French with French number formats', () => {
    const text = cancellationPolicyText('fr');
    expect(text).toContain('plus de 24 heures avant le début');
    expect(text).toContain('20\u00a0%');
    expect(text).toMatch(/au moins 15,00\s\$/);
    expect(text).toMatch(/ou 25,00\s\$ si aucun prix/);
  });
});
