/** The aria-keyshortcuts value a key press stands for, when it is one a control can declare. */
function comboOf(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey) return event.code.startsWith('Key') ? `Alt+${event.code.slice(3)}` : null;
  // Paging keys page lists, except where they move the caret in a multi-line field.
  if ((event.key === 'PageUp' || event.key === 'PageDown') && !(event.target instanceof HTMLTextAreaElement)) return event.key;
  return null;
}

/** A field the key puts the cursor in; anything else (a button, a link, a checkbox, a radio) the key presses. */
function takesTyping(element: HTMLElement): boolean {
  if (element instanceof HTMLInputElement) return element.type !== 'checkbox' && element.type !== 'radio';
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/**
 * A shortcut presses the first enabled, visible control (problems, notices, then the screen) that
 * declares it in aria-keyshortcuts, so a key shown on a button is the key
 * that works, with no handler per screen. A screen that handles the key
 * itself calls preventDefault first and wins.
 */
export function pressShortcut(event: KeyboardEvent, root: ParentNode = document): boolean {
  const combo = event.defaultPrevented ? null : comboOf(event);
  if (!combo) return false;
  // Alt+letter is a command here, never text: it must not type into the focused Scan box.
  if (event.altKey) event.preventDefault();
  const target = [...root.querySelectorAll<HTMLElement>(`[aria-keyshortcuts~="${combo}"]`)].find(
    (element) => !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0,
  );
  if (!target) return false;
  event.preventDefault();
  if (takesTyping(target)) target.focus();
  else target.click();
  return true;
}
