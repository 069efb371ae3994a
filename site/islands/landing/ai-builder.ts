/**
 * The AI Subscription Builder's rules (docs/product.md#ai-upsells), kept apart from the card so they
 * are unit-tested: the service type is trimmed and must not be empty; Generate is off while it is
 * empty or a generation runs; new suggestions replace the list and clear the selection; selection
 * toggles by name; the total is the sum of the selected prices (dollars per month, added in cents).
 */
export type Suggestion = { name: string; description: string; price: number };

export type BuilderState = {
  suggestions: Suggestion[];
  selected: string[];
  pending: boolean;
  /** Whether the list is the built-in sample (not yet generated for this visitor). */
  sample: boolean;
};

export const canGenerate = (serviceType: string, pending: boolean) => !pending && serviceType.trim() !== '';

export function withSuggestions(state: BuilderState, suggestions: Suggestion[]): BuilderState {
  return { suggestions, selected: [], pending: false, sample: false };
}

export function toggleByName(state: BuilderState, name: string): BuilderState {
  const selected = state.selected.includes(name) ? state.selected.filter((n) => n !== name) : [...state.selected, name];
  return { ...state, selected };
}

export function selectedTotalCents(state: Pick<BuilderState, 'suggestions' | 'selected'>): number {
  return state.suggestions
    .filter((s) => state.selected.includes(s.name))
    .reduce((sum, s) => sum + Math.round(s.price * 100), 0);
}

/** The message for a failed generation (docs/product.md#ai-upsells): the rate limit's, or the generic one. */
export function failureKind(status: number | null, text: string): 'rate-limited' | 'sign-in' | 'failed' {
  if (text.includes('Rate limit exceeded') || status === 429) return 'rate-limited';
  if (status === 401) return 'sign-in';
  return 'failed';
}
