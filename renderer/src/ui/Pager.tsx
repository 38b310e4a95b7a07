import { Key } from './Key';

/** Previous / next paging with the position in words. */
export function Pager({ page, pageSize, total, onPage }: { readonly page: number; readonly pageSize: number; readonly total: number; readonly onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="row pager" aria-label="Pages">
      <button type="button" className="button" disabled={page <= 1} aria-keyshortcuts="PageUp" onClick={() => onPage(page - 1)}>
        Previous page <Key k="PgUp" />
      </button>
      <span>
        Page {page} of {pages} · {total} in all
      </span>
      <button type="button" className="button" disabled={page >= pages} aria-keyshortcuts="PageDown" onClick={() => onPage(page + 1)}>
        Next page <Key k="PgDn" />
      </button>
    </nav>
  );
}
