import { FEE_CALCULATOR, parseCalculatorInput, type CalculatorInput } from '../../../shared/domain/fees/tiers.ts';

export type CalculatorError = Extract<CalculatorInput, { ok: false }>['reason'];

/**
 * The fee calculator's state: `dollars` is the last accepted value (the one the result is computed
 * for), `text` is what the field shows, `error` why the text was refused (null when it was not).
 */
export type CalculatorState = { dollars: number; text: string; error: CalculatorError | null };

export type CalculatorAction =
  /** The person typed in the field. */
  | { type: 'edit'; text: string }
  /** The field lost focus or Enter was pressed. */
  | { type: 'commit' }
  /** The slider moved. */
  | { type: 'slide'; dollars: number };

export const initialCalculatorState: CalculatorState = {
  dollars: FEE_CALCULATOR.defaultDollars,
  text: String(FEE_CALCULATOR.defaultDollars),
  error: null,
};

/**
 * The input rule of docs/product.md#fees over time. A valid amount is taken as it is typed, so the result
 * follows the keyboard. Refused text never replaces the accepted value; its error appears when the
 * person leaves the field or presses Enter (not at every keystroke on the way to a valid number),
 * and once shown it follows the text until the text is valid. An emptied field is not an error:
 * on commit it resets to the minimum and shows it.
 */
export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case 'edit': {
      const parsed = parseCalculatorInput(action.text);
      if (!parsed.ok) return { ...state, text: action.text, error: state.error ? parsed.reason : null };
      if ('reset' in parsed) return { ...state, text: action.text, error: null };
      return { dollars: parsed.dollars, text: action.text, error: null };
    }
    case 'commit': {
      const parsed = parseCalculatorInput(state.text);
      if (!parsed.ok) return { ...state, error: parsed.reason };
      if ('reset' in parsed) return { dollars: parsed.dollars, text: String(parsed.dollars), error: null };
      return { ...state, dollars: parsed.dollars, error: null };
    }
    case 'slide':
      return { dollars: action.dollars, text: String(action.dollars), error: null };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
