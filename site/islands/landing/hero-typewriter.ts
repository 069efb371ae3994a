/**
 * The hero's typewriter intro (docs/product.md#site): 75 ms per character, and an 800 ms pause once 21
 * characters are on screen. The pause replaces that one tick (the wait before character 22 is
 * 800 ms, not 875), so the intro's first phrase is written to be exactly 21 characters long and
 * the pause lands after its full stop. The page's small script drives the DOM; this file is the
 * timing, kept pure so it can be tested.
 */
export const HERO_TYPEWRITER_MS_PER_CHAR = 75;
export const HERO_TYPEWRITER_PAUSE_AT = 21;
export const HERO_TYPEWRITER_PAUSE_MS = 800;

/** The wait before the next character appears when `shown` characters are already typed. */
export function heroDelayAfter(shown: number): number {
  return shown === HERO_TYPEWRITER_PAUSE_AT ? HERO_TYPEWRITER_PAUSE_MS : HERO_TYPEWRITER_MS_PER_CHAR;
}

/** The wait before each character of a text `length` characters long: `[before the 1st, before the 2nd, …]`. */
export function typewriterDelays(length: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(length)) }, (_, shown) => heroDelayAfter(shown));
}

/** How long typing a text of `length` characters takes, pause included. */
export function typingDurationMs(length: number): number {
  return typewriterDelays(length).reduce((sum, delay) => sum + delay, 0);
}

/** How many characters are on screen `elapsedMs` after typing started. */
export function heroTypedCount(elapsedMs: number, length: number): number {
  let shown = 0;
  let at = 0;
  while (shown < length) {
    at += heroDelayAfter(shown);
    if (at > elapsedMs) break;
    shown += 1;
  }
  return shown;
}
