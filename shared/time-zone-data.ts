/**
 * The server turns contractors' local hours into instants with the runtime's own time zone data
 * (Intl, through luxon). A runtime whose data predates a province's change puts that province's
 * times an hour off, and the browser, with current data, shows them so. The change this checks:
 * British Columbia, Alberta, Manitoba and the Northwest Territories keep daylight time all year
 * from November 2026 (time zone data 2026e; Node 22 and 24 carry it, Node 20.20 carries 2025c).
 * One of those zones in January 2027 tells the two apart.
 */

/** A winter instant after the change, and British Columbia's offset at it under current rules. */
const PROBE = { instant: new Date('2027-01-15T12:00:00Z'), timeZone: 'America/Vancouver', offset: 'GMT-07:00' };

/** The offset the runtime gives `timeZone` at `instant`, as Intl writes it ("GMT-07:00"). */
export function offsetAt(timeZone: string, instant: Date): string | undefined {
  return new Intl.DateTimeFormat('en-CA', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
}

/**
 * A warning for the start banner when this runtime's time zone data is older than the rules the
 * marketplace's provinces follow now, else null.
 */
export function staleTimeZoneDataWarning(
  offsetOf: typeof offsetAt = offsetAt,
  runtime: { version: string; tz?: string } = { version: process.version, tz: process.versions.tz },
): string | null {
  if (offsetOf(PROBE.timeZone, PROBE.instant) === PROBE.offset) return null;
  return (
    `Warning: Node.js ${runtime.version} carries time zone data ${runtime.tz ?? 'of unknown date'}, older than ` +
    'the permanent daylight time of British Columbia, Alberta, Manitoba and the Northwest Territories (from ' +
    '2026-11-01): their times would be an hour off. ' +
    'Run Node.js 22 or 24 (time zone data 2026e or later).'
  );
}
