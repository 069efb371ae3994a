import { describe, expect, it } from 'vitest';
import {
  canGenerate,
  failureKind,
  selectedTotalCents,
  toggleByName,
  withSuggestions,
  type BuilderState,
} from './ai-builder.ts';

const start: BuilderState = {
  suggestions: [
    { name: 'Eco products', description: 'Green products.', price: 15 },
    { name: 'Linen change', description: 'Fresh sheets.', price: 8.5 },
  ],
  selected: [],
  pending: false,
  sample: true,
};

describe('the AI Subscription Builder', () => {
  it('generates only from a non-blank service type and never twice at once', () => {
    expect(canGenerate('', false)).toBe(false);
    expect(canGenerate('   ', false)).toBe(false);
    expect(canGenerate(' lawn ', false)).toBe(true);
    expect(canGenerate('lawn', true)).toBe(false);
  });

  it('toggles by name and totals the selected prices', () => {
    const one = toggleByName(start, 'Linen change');
    expect(selectedTotalCents(one)).toBe(850);
    const two = toggleByName(one, 'Eco products');
    expect(selectedTotalCents(two)).toBe(2350);
    expect(selectedTotalCents(toggleByName(two, 'Linen change'))).toBe(1500);
  });

  it('replaces the list and clears the selection with new suggestions', () => {
    const chosen = toggleByName(start, 'Eco products');
    const next = withSuggestions({ ...chosen, pending: true }, [{ name: 'Edging', description: 'Edges.', price: 12 }]);
    expect(next).toEqual({
      suggestions: [{ name: 'Edging', description: 'Edges.', price: 12 }],
      selected: [],
      pending: false,
      sample: false,
    });
    expect(selectedTotalCents(next)).toBe(0);
  });

  it('tells the rate limit apart from other failures', () => {
    expect(failureKind(429, 'Rate limit exceeded. You can generate AI suggestions once per day.')).toBe('rate-limited');
    expect(failureKind(500, 'Rate limit exceeded')).toBe('rate-limited');
    expect(failureKind(401, 'Sign in')).toBe('sign-in');
    expect(failureKind(500, 'boom')).toBe('failed');
    expect(failureKind(null, 'network')).toBe('failed');
  });
});
