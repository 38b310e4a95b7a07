/** Opens a PDF the service made; the shell hands external addresses to the system viewer. */
export function PdfLink({ url, children }: { readonly url: string; readonly children: React.ReactNode }) {
  return (
    <a className="button" href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
