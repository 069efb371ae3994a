import { describe, expect, it } from 'vitest';
import {
  calculatorReducer,
  initialCalculatorState,
  type CalculatorAction,
  type CalculatorState,
} from './calculator-state.ts';

function run(...actions: CalculatorAction[]): CalculatorState {
  return actions.reduce(calculatorReducer, initialCalculatorState);
}

const type = (text: string): CalculatorAction => ({ type: 'edit', text });
const commit: CalculatorAction = { type: 'commit' };

describe('fee calculator state', () => {
  it('starts at $1,000 with no error', () => {
    expect(initialCalculatorState).toEqual({ dollars: 1_000, text: '1000', error: null });
  });

  it('takes a valid amount as it is typed', () => {
    expect(run(type('5'), type('50'), type('500'))).toEqual({ dollars: 500, text: '500', error: null });
  });

  it('keeps the last accepted value while the text is refused, and says why on commit', () => {
    const typing = run(type('49.99'));
    expect(typing).toEqual({ dollars: 1_000, text: '49.99', error: null });
    expect(calculatorReducer(typing, commit)).toEqual({ dollars: 1_000, text: '49.99', error: 'out-of-range' });
    expect(run(type('10000.01'), commit).error).toBe('out-of-range');
    expect(run(type('abc'), commit)).toEqual({ dollars: 1_000, text: 'abc', error: 'not-a-number' });
  });

  it('keeps an error in step with the text once shown, and clears it when the text becomes valid', () => {
    const shown = run(type('abc'), commit);
    expect(calculatorReducer(shown, type('20')).error).toBe('out-of-range');
    expect(calculatorReducer(shown, type('2000'))).toEqual({ dollars: 2_000, text: '2000', error: null });
  });

  it('resets an emptied field to 50 on commit, showing 50', () => {
    const emptied = run(type(''));
    expect(emptied).toEqual({ dollars: 1_000, text: '', error: null });
    expect(calculatorReducer(emptied, commit)).toEqual({ dollars: 50, text: '50', error: null });
    expect(run(type('abc'), commit, type(''), commit)).toEqual({ dollars: 50, text: '50', error: null });
  });

  it('takes the slider value and replaces refused text with it', () => {
    expect(run(type('abc'), commit, { type: 'slide', dollars: 1_050 })).toEqual({
      dollars: 1_050,
      text: '1050',
      error: null,
    });
  });
});
