import { describe, expect, it } from 'vitest';
import { characters } from '../shell/typewriter.ts';
import { landingMessages } from '../../i18n/messages/landing.ts';
import {
  HERO_TYPEWRITER_MS_PER_CHAR,
  HERO_TYPEWRITER_PAUSE_AT,
  HERO_TYPEWRITER_PAUSE_MS,
  heroDelayAfter,
  heroTypedCount,
  typewriterDelays,
  typingDurationMs,
} from './hero-typewriter.ts';

describe('hero typewriter timing', () => {
  it('types 75 ms per character and pauses 800 ms at character 21', () => {
    expect(HERO_TYPEWRITER_MS_PER_CHAR).toBe(75);
    expect(HERO_TYPEWRITER_PAUSE_AT).toBe(21);
    expect(HERO_TYPEWRITER_PAUSE_MS).toBe(800);
    expect(heroDelayAfter(0)).toBe(75);
    expect(heroDelayAfter(20)).toBe(75);
    expect(heroDelayAfter(21)).toBe(800);
    expect(heroDelayAfter(22)).toBe(75);
  });

  it('lists one delay per character with the pause before the 22nd', () => {
    const delays = typewriterDelays(25);
    expect(delays).toHaveLength(25);
    expect(delays[21]).toBe(800);
    expect(delays.filter((delay) => delay === 800)).toHaveLength(1);
    expect(delays.filter((delay) => delay === 75)).toHaveLength(24);
    expect(typewriterDelays(10)).toEqual(Array(10).fill(75));
    expect(typewriterDelays(0)).toEqual([]);
  });

  it('takes length × 75 ms plus the pause for a text longer than 21 characters', () => {
    expect(typingDurationMs(30)).toBe(29 * 75 + 800);
    expect(typingDurationMs(21)).toBe(21 * 75);
  });

  it('shows the characters typed so far at any moment, holding at 21 during the pause', () => {
    expect(heroTypedCount(0, 40)).toBe(0);
    expect(heroTypedCount(74, 40)).toBe(0);
    expect(heroTypedCount(75, 40)).toBe(1);
    expect(heroTypedCount(21 * 75, 40)).toBe(21);
    expect(heroTypedCount(21 * 75 + 799, 40)).toBe(21);
    expect(heroTypedCount(21 * 75 + 800, 40)).toBe(22);
    expect(heroTypedCount(1_000_000, 40)).toBe(40);
  });

  it('has intros whose first phrase ends exactly where the pause falls, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const intro = characters(landingMessages[locale].heroIntro);
      expect(intro[HERO_TYPEWRITER_PAUSE_AT - 1], locale).toBe('.');
      expect(intro[HERO_TYPEWRITER_PAUSE_AT], locale).toBe(' ');
    }
  });
});
