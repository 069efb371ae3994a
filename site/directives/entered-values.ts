type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A choice the visitor made in the server HTML (text or a slider's value, an option chosen, a box
 * ticked) and what the server rendered there, read before React runs (it keeps a controlled
 * field's `value` attribute in step with its state).
 */
type Choice =
  | { field: HTMLInputElement | HTMLTextAreaElement; kind: 'value'; value: string; server: string }
  | { field: HTMLSelectElement; kind: 'select'; value: string; server: string }
  | { field: HTMLInputElement; kind: 'checked'; checked: boolean; server: boolean };
type Entered = Choice & { applied: boolean };

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

const serverSelection = (select: HTMLSelectElement) =>
  [...select.options].find((option) => option.defaultSelected)?.value ?? select.options[0]?.value ?? '';

/** The props React rendered the field with, once it has claimed it. */
function reactProps(field: Field): Record<string, unknown> | undefined {
  const key = Object.keys(field).find((name) => name.startsWith('__reactProps$'));
  return key ? (field as unknown as Record<string, Record<string, unknown>>)[key] : undefined;
}

/**
 * Whether React's state holds an entered choice: once entered again, the props it gave the field
 * moved off the server's (a field without a `value` prop, left to the browser, counts at once).
 */
function takenIn(choice: Entered): boolean {
  const props = reactProps(choice.field);
  if (!props || !choice.applied) return false;
  return choice.kind === 'checked' ? props.checked !== choice.server : String(props.value) !== choice.server;
}

/** Enters a choice again, as the event React hears for it. */
function enter(choice: Entered) {
  choice.applied = true;
  if (choice.kind === 'checked') {
    // A click, as the visitor made: React's onChange for a box follows the click.
    if (choice.field.checked !== choice.checked) choice.field.click();
    return;
  }
  const { field, value } = choice;
  // React tracks the value it last set; the prototype's setter bypasses its tracker, so the event
  // below reads as a change.
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(choice.kind === 'select' ? 'change' : 'input', { bubbles: true }));
}

/**
 * What a visitor entered in an island's server HTML while its code loaded: React's state does not
 * know it, and its hydration puts the state's value back in the field, so a form filled in early
 * lost the name typed and kept its submit button disabled beside a ticked box. Each such field
 * goes back to its server state before hydration (so the markup matches what React renders) and
 * gets what was entered again after it: text, a list's choice, a box or a radio button.
 *
 * React hydrates in a transition, after `astro:hydrate`, and an event that reaches a field before
 * that render is committed is lost (the commit then puts the state's value back): so a choice is
 * entered again on each frame until React's props for the field show it.
 *
 * Returns what to call on `astro:hydrate`. Bundled into each directive that imports it.
 */
export function keepEnteredValues(element: HTMLElement): () => void {
  const fields = [...element.querySelectorAll<Field>('input, textarea, select')];
  // Every field is read before any is put back: putting a radio group's first button back
  // unchecks the one chosen.
  const entered: Entered[] = [];
  for (const field of fields) {
    if (isToggle(field)) {
      // A radio button left by the visitor's choice in its group comes back with that choice.
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked))
        entered.push({ field, kind: 'checked', checked: field.checked, server: field.defaultChecked, applied: false });
    } else if (field instanceof HTMLSelectElement) {
      if (!field.multiple && field.value !== serverSelection(field))
        entered.push({ field, kind: 'select', value: field.value, server: serverSelection(field), applied: false });
    } else if (field.type !== 'file' && field.value !== field.defaultValue) {
      entered.push({ field, kind: 'value', value: field.value, server: field.defaultValue, applied: false });
    }
  }
  for (const choice of entered) if (choice.kind !== 'checked') choice.field.value = choice.server;
  // Boxes and radio buttons all go back, so a radio group's own default comes back with it.
  for (const field of fields)
    if (isToggle(field) && field.checked !== field.defaultChecked) field.checked = field.defaultChecked;
  const replay = (pending: Entered[], frames: number) => {
    const waiting = pending.filter((choice) => !takenIn(choice));
    if (waiting.length === 0 || frames === 0) return;
    for (const choice of waiting) if (reactProps(choice.field)) enter(choice);
    requestAnimationFrame(() => replay(waiting, frames - 1));
  };
  // About five seconds of frames: hydration on a slow phone can take a few.
  return () => {
    if (entered.length > 0) replay(entered, 300);
  };
}

/**
 * Hydrates with what was entered kept: `load` is the directive's loader; the fields are read once
 * the code has arrived, just before React takes the markup over.
 */
export async function hydrateKeepingEntries(load: () => Promise<() => Promise<void>>, element: HTMLElement) {
  const run = await load();
  const restore = keepEnteredValues(element);
  element.addEventListener('astro:hydrate', restore, { once: true });
  await run();
}
