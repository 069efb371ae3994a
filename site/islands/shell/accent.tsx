import { Palette } from 'lucide-react';
import type { ShellMessages } from '../../i18n/messages/shell.ts';
import type { Accent } from '../../stores/theme.ts';

// What the accent button (AccentPopover.tsx) and the panel it loads on first use (AccentPanel.tsx)
// share, so the panel does not import the button back.

/** Hue 0-360, saturation and lightness 0-100, in steps of 1 (docs/product.md#site). */
export const ACCENT_CHANNELS = [
  { channel: 'h', label: 'hue', max: 360, unit: '°' },
  { channel: 's', label: 'saturation', max: 100, unit: '%' },
  { channel: 'l', label: 'lightness', max: 100, unit: '%' },
] as const;

export const PRESET_LABELS: Record<string, keyof ShellMessages> = {
  'Bright Teal': 'presetBrightTeal',
  Blue: 'presetBlue',
  Red: 'presetRed',
  Green: 'presetGreen',
  Purple: 'presetPurple',
  Orange: 'presetOrange',
  Pink: 'presetPink',
  Yellow: 'presetYellow',
};

export const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`;

/** The track of each slider previews what moving it does. */
export function channelGradient(channel: 'h' | 's' | 'l', { h, s, l }: Accent): string {
  if (channel === 'h') {
    const stops = [0, 60, 120, 180, 240, 300, 360].map((hue) => hsl(hue, s, l));
    return `linear-gradient(to right, ${stops.join(', ')})`;
  }
  if (channel === 's') return `linear-gradient(to right, ${hsl(h, 0, l)}, ${hsl(h, 100, l)})`;
  return `linear-gradient(to right, ${hsl(h, s, 0)}, ${hsl(h, s, 50)}, ${hsl(h, s, 100)})`;
}

export function sameColour(a: Accent, b: Accent): boolean {
  return a.h === b.h && a.s === b.s && a.l === b.l;
}

export function AccentIcon() {
  return (
    <>
      <Palette aria-hidden="true" className="h-5 w-5" />
      <span
        aria-hidden="true"
        className="absolute right-1.5 bottom-1.5 h-2.5 w-2.5 rounded-full bg-accent ring-2 ring-surface"
      />
    </>
  );
}
