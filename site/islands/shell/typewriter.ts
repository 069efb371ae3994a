/** The footer tagline types at 50 ms per character (docs/product.md#site). */
export const FOOTER_TYPEWRITER_MS_PER_CHAR = 50;

/** The characters of `text` (code points, so an accented or astral character is never split). */
export function characters(text: string): string[] {
  return Array.from(text);
}

/** One tick: one more character shown, never past the end. */
export function typewriterStep(shown: number, length: number): number {
  return Math.min(length, Math.max(0, shown) + 1);
}

/** How many characters are shown `elapsedMs` after typing started. */
export function typedCount(elapsedMs: number, length: number, msPerChar = FOOTER_TYPEWRITER_MS_PER_CHAR): number {
  if (!(elapsedMs > 0)) return 0;
  return Math.min(length, Math.floor(elapsedMs / msPerChar));
}

/** The text shown after `shown` characters. */
export function typedText(text: string, shown: number): string {
  return characters(text).slice(0, Math.max(0, shown)).join('');
}
