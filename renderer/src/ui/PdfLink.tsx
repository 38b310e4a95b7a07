import { Key } from './Key';

/** Opens a PDF the service made; the shell hands external addresses to the system viewer. */
export function PdfLink({ url, shortcut, children }: { readonly url: string; readonly shortcut?: string; readonly children: React.ReactNode }) {
  return (
    <a className="button" href={url} target="_blank" rel="noopener noreferrer" aria-keyshortcuts={shortcut}>
      {children}
      {shortcut ? <> <Key k={shortcut} /></> : null}
    </a>
  );
}
