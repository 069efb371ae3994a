import { describe, expect, it } from 'vitest';
import { translateError } from '../../../api/i18n/error-language.ts';
import { workRuleMessages } from './work-rules.ts';

describe('the work rules in French', () => {
  it('say what the API says to a French page, rule by rule', () => {
    for (const [key, english] of Object.entries(workRuleMessages.en)) {
      const french = workRuleMessages.fr[key as keyof typeof workRuleMessages.fr];
      expect(french, key).not.toBe(english);
      expect(french, key).toBe(translateError(english, 'fr'));
    }
  });
});
