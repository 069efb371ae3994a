/**
 * Plain text that people type to each other (messages, reviews). Nothing is stripped silently:
 * line endings are normalised (`\r\n` → `\n`), the ends are trimmed, and a control character other
 * than a newline or a tab is refused, so what is stored is what the writer saw. Lengths count
 * characters as a person does (Unicode code points, so an emoji is one), the same way the
 * composer's counter does (site/islands/messaging/limits.ts uses `characterCount`).
 */

// C0 controls but tab (\u0009) and newline (\u000A), DEL, and the C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Line endings normalised and the ends trimmed (what is checked and stored). */
export function normalisePlainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

export type PlainTextProblem = 'control' | 'length';

/** The normalised text, or why it is refused (control characters, or length out of range). */
export function checkPlainText(
  text: string,
  limits: { min: number; max: number },
): { ok: true; text: string } | { ok: false; problem: PlainTextProblem } {
  const normalised = normalisePlainText(text);
  if (FORBIDDEN_CONTROL.test(normalised)) return { ok: false, problem: 'control' };
  const length = characterCount(normalised);
  if (length < limits.min || length > limits.max) return { ok: false, problem: 'length' };
  return { ok: true, text: normalised };
}
