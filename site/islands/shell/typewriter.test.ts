import { describe, expect, it } from 'vitest';
import { characters, FOOTER_TYPEWRITER_MS_PER_CHAR, typedCount, typedText, typewriterStep } from './typewriter.ts';

const TAGLINE = 'If you can do it, you can earn for it.';

describe('footer typewriter', () => {
  it('types at 50 ms per character', () => {
    expect(FOOTER_TYPEWRITER_MS_PER_CHAR).toBe(50);
  });

  it('adds one character per step and stops at the end', () => {
    expect(typewriterStep(0, 3)).toBe(1);
    expect(typewriterStep(2, 3)).toBe(3);
    expect(typewriterStep(3, 3)).toBe(3);
    expect(typewriterStep(-4, 3)).toBe(1);
  });

  it('reaches the whole tagline after length × 50 ms', () => {
    const length = characters(TAGLINE).length;
    let shown = 0;
    let steps = 0;
    while (shown < length) {
      shown = typewriterStep(shown, length);
      steps += 1;
    }
    expect(steps).toBe(length);
    expect(typedCount(length * 50, length)).toBe(length);
    expect(typedCount(length * 50 - 1, length)).toBe(length - 1);
    expect(typedCount(10_000, length)).toBe(length);
    expect(typedCount(0, length)).toBe(0);
    expect(typedCount(Number.NaN, length)).toBe(0);
  });

  it('shows a prefix and never splits a character', () => {
    expect(typedText(TAGLINE, 6)).toBe('If you');
    expect(typedText(TAGLINE, 0)).toBe('');
    expect(typedText(TAGLINE, 1000)).toBe(TAGLINE);
    expect(typedText('é😀x', 2)).toBe('é😀');
  });
});
