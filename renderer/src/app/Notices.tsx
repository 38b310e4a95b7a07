import { useState } from 'react';
import { useEvent } from '../station/use-query';
import { Key } from '../ui/Key';

interface Notice {
  readonly id: number;
  readonly level: 'info' | 'warning' | 'error';
  readonly message: string;
}

let nextId = 1;

/** Messages the station sends on its own (a recovered purchase, a reconnect). */
export function Notices() {
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  useEvent('station.notice', (payload) => setNotices((list) => [...list.slice(-2), { id: nextId++, ...payload }]));
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label="Notices" aria-live="polite">
      {notices.map((notice, index) => (
        <div key={notice.id} className={`notice notice-${notice.level}`}>
          <span>{notice.message}</span>
          <button
            type="button"
            className="button ghost"
            aria-keyshortcuts={index === notices.length - 1 ? 'Alt+X' : undefined}
            onClick={() => setNotices((list) => list.filter((n) => n.id !== notice.id))}
          >
            Dismiss {index === notices.length - 1 ? <Key k="Alt+X" /> : null}
          </button>
        </div>
      ))}
    </section>
  );
}
