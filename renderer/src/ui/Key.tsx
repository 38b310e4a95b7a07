/** The key shown on a control; screen readers get it from the control's aria-keyshortcuts. */
export function Key({ k }: { readonly k: string }) {
  return <kbd aria-hidden="true">{k}</kbd>;
}
