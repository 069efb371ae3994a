import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';
import { isOneRepeatedCharacter } from './password-rules.ts';

describe('isOneRepeatedCharacter', () => {
  it.each(['aaaaaaaa', '11111111', '        ', 'ZZZZZZZZZZZZ', '😀😀😀😀😀😀😀😀', 'é'.repeat(9)])(
    'is true for %j',
    (password) => {
      expect(isOneRepeatedCharacter(password)).toBe(true);
    },
  );

  it.each(['aaaaaaab', 'baaaaaaa', 'Aaaaaaaa', 'correct-horse-battery', '😀😀😀😀😀😀😀😁'])(
    'is false for %j',
    (password) => {
      expect(isOneRepeatedCharacter(password)).toBe(false);
    },
  );
});

describe('isCommonPassword', () => {
  it.each(['password', 'PASSWORD', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'baseball'])(
    'knows %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct-horse-battery', 'a-long-enough-password', 'Tr0mbone-Maple-Harbour', 'demo-pass-2024'])(
    'lets %j through',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
