import { useNav } from '../stores/nav-store';
import { keyHint, screens } from '../stores/screens';

/** Tabs as links so each has its exact name; the key hint is shown but not read into the name. */
export function NavBar() {
  const current = useNav((s) => s.screen);
  const go = useNav((s) => s.go);
  return (
    <nav className="nav" aria-label="Screens">
      {screens.map((screen) => (
        <a
          key={screen.id}
          href={`#/${screen.id}`}
          className="nav-link"
          aria-current={current === screen.id ? 'page' : undefined}
          aria-keyshortcuts={keyHint(screen.key)}
          onClick={(event) => {
            event.preventDefault();
            go(screen.id);
          }}
        >
          <span className="nav-label">{screen.label}</span>
          <kbd className="nav-key" aria-hidden="true">
            {keyHint(screen.key)}
          </kbd>
        </a>
      ))}
    </nav>
  );
}
