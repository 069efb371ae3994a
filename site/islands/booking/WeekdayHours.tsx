import { Plus, Trash2 } from 'lucide-react';
import type { BookingMessages } from '../../i18n/messages/booking.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { DEFAULT_WINDOW, WINDOWS_PER_DAY_MAX, type WEEKDAYS, type Window } from './availability-draft.ts';

/** One weekday of the weekly hours: on or off, and its windows (each removable), with "add hours". */
export function WeekdayHours({
  m,
  weekday,
  checkId,
  windows,
  onChange,
}: {
  m: BookingMessages;
  weekday: (typeof WEEKDAYS)[number];
  checkId: string;
  windows: Window[];
  onChange: (windows: Window[]) => void;
}) {
  const dayName = m[`weekday_${weekday}`];
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start" data-testid={`weekday-${weekday}`}>
      <div className="flex w-40 shrink-0 items-center gap-2 pt-2">
        <input
          id={checkId}
          type="checkbox"
          checked={windows.length > 0}
          onChange={(event) => onChange(event.target.checked ? [{ ...DEFAULT_WINDOW }] : [])}
          className="h-4 w-4 accent-[var(--accent)]"
        />
        <label htmlFor={checkId} className="font-medium">
          {dayName}
        </label>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        {windows.length === 0 && <p className="pt-2 text-sm text-muted">{m.unavailable}</p>}
        {windows.map((window, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="space-y-1 text-xs text-muted">
              <span className="block">{m.from}</span>
              <Input
                type="time"
                value={window.start}
                aria-label={`${dayName} — ${m.from}`}
                onChange={(event) =>
                  onChange(windows.map((w, i) => (i === index ? { ...w, start: event.target.value } : w)))
                }
                className="w-32"
              />
            </label>
            <label className="space-y-1 text-xs text-muted">
              <span className="block">{m.to}</span>
              <Input
                type="time"
                value={window.end}
                aria-label={`${dayName} — ${m.to}`}
                onChange={(event) =>
                  onChange(windows.map((w, i) => (i === index ? { ...w, end: event.target.value } : w)))
                }
                className="w-32"
              />
            </label>
            <Button
              variant="destructive-ghost"
              size="icon"
              aria-label={`${m.removeHours} (${dayName})`}
              title={m.removeHours}
              onClick={() => onChange(windows.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        ))}
        {windows.length > 0 && windows.length < WINDOWS_PER_DAY_MAX && (
          <button
            type="button"
            onClick={() => onChange([...windows, { start: '18:00', end: '20:00' }])}
            className={buttonClasses('ghost', 'sm', 'px-2')}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {m.addHours}
          </button>
        )}
      </div>
    </li>
  );
}
