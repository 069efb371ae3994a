import { useStore } from '@nanostores/react';
import { RotateCcw } from 'lucide-react';
import { Popover, Slider } from 'radix-ui';
import { useId } from 'react';
import type { ShellMessages } from '../../i18n/messages/shell.ts';
import { useShellMessages } from './messages.tsx';
import { $accent, ACCENT_PRESETS, resetAccent, setAccent } from '../../stores/theme.ts';
import { ACCENT_CHANNELS, AccentIcon, channelGradient, hsl, PRESET_LABELS, sameColour } from './accent.tsx';
import { Hint, iconButtonClass } from './Hint.tsx';

/**
 * The accent popover (docs/product.md#site): hue, saturation and lightness sliders, Reset, Quick Colors
 * (4 columns) and the contrast note. Mounted by the first press of the accent button, open.
 */
export function AccentPopoverLoaded() {
  const m = useShellMessages();
  return (
    <Popover.Root defaultOpen>
      <Hint label={m.accentColor}>
        <Popover.Trigger className={iconButtonClass} aria-label={m.accentColor}>
          <AccentIcon />
        </Popover.Trigger>
      </Hint>
      <Popover.Portal>
        <AccentPanel m={m} />
      </Popover.Portal>
    </Popover.Root>
  );
}

function AccentPanel({ m }: { m: ShellMessages }) {
  const accent = useStore($accent);
  const titleId = useId();
  const noteId = useId();
  return (
    <Popover.Content
      align="end"
      sideOffset={8}
      collisionPadding={8}
      aria-labelledby={titleId}
      aria-describedby={noteId}
      className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-border bg-surface p-4 text-fg shadow-xl outline-none"
    >
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="h-4 w-4 rounded-full border border-border bg-accent" />
          {m.accentColor}
        </p>
        <button
          type="button"
          onClick={resetAccent}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium transition-colors hover:bg-surface-2 focus-visible:outline-2"
        >
          <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
          {m.reset}
        </button>
      </div>

      <div className="mt-4 space-y-4">
        {ACCENT_CHANNELS.map(({ channel, label, max, unit }) => {
          const value = accent[channel];
          const name = m[label];
          return (
            <div key={channel}>
              <div className="mb-2 flex items-center justify-between text-sm">
                <span className="font-medium">{name}</span>
                <span className="font-mono text-muted tabular-nums" aria-hidden="true">
                  {value}
                  {unit}
                </span>
              </div>
              <Slider.Root
                min={0}
                max={max}
                step={1}
                value={[value]}
                onValueChange={([next]) => {
                  if (next === undefined) return;
                  setAccent({ h: accent.h, s: accent.s, l: accent.l, [channel]: next });
                }}
                className="relative flex h-5 w-full touch-none items-center select-none"
              >
                <Slider.Track
                  className="relative h-2.5 grow overflow-hidden rounded-full border border-border"
                  style={{ backgroundImage: channelGradient(channel, accent) }}
                >
                  <Slider.Range className="absolute h-full" />
                </Slider.Track>
                <Slider.Thumb
                  aria-label={name}
                  aria-valuetext={`${value}${unit}`}
                  className="block h-5 w-5 rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.45),0_1px_3px_rgb(0_0_0/0.4)] transition-transform hover:scale-110 focus-visible:outline-2"
                  style={{ backgroundColor: hsl(accent.h, accent.s, accent.l) }}
                />
              </Slider.Root>
            </div>
          );
        })}
      </div>

      <p className="mt-5 mb-2 text-sm font-medium" id={`${titleId}-presets`}>
        {m.quickColors}
      </p>
      <div role="group" aria-labelledby={`${titleId}-presets`} className="grid grid-cols-4 gap-2">
        {ACCENT_PRESETS.map((preset) => {
          const active = sameColour(preset, accent);
          const key = PRESET_LABELS[preset.preset];
          return (
            <button
              key={preset.preset}
              type="button"
              aria-pressed={active}
              onClick={() => setAccent(preset)}
              className="group flex flex-col items-center gap-1 rounded-lg p-1.5 text-center transition-colors hover:bg-surface-2 focus-visible:outline-2 aria-pressed:bg-surface-2"
            >
              <span
                aria-hidden="true"
                className="h-7 w-7 rounded-full border border-black/10 ring-offset-2 ring-offset-surface group-aria-pressed:ring-2 group-aria-pressed:ring-fg"
                style={{ backgroundColor: hsl(preset.h, preset.s, preset.l) }}
              />
              <span className="text-[11px] leading-tight text-muted group-aria-pressed:text-fg">
                {key ? m[key] : preset.preset}
              </span>
            </button>
          );
        })}
      </div>

      <p id={noteId} className="mt-4 text-xs leading-relaxed text-muted">
        {m.contrastNote}
      </p>
    </Popover.Content>
  );
}
