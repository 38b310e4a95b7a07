import { Key } from './Key';

/** The two keys every inline editor answers to: Enter uses what was typed (the form's submit), Alt+C leaves it. */
export function EditorActions({ use, leave, onLeave }: { readonly use: string; readonly leave: string; readonly onLeave: () => void }) {
  return (
    <div className="row actions">
      <button type="submit" className="button primary">
        {use} <Key k="Enter" />
      </button>
      <button type="button" className="button" aria-keyshortcuts="Alt+C" onClick={onLeave}>
        {leave} <Key k="Alt+C" />
      </button>
    </div>
  );
}
