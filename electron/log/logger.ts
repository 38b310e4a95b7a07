import fs from 'node:fs';
import path from 'node:path';
import { redactJson, redactText } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(scope: string): Logger;
}

export interface FileLoggerOptions {
  readonly dir: string;
  readonly fileName?: string;
  /** Rotate when the file passes this many bytes. */
  readonly maxBytes?: number;
  /** How many rotated files to keep (station.log.1 ... .N). */
  readonly keep?: number;
  readonly echo?: (line: string) => void;
}

/**
 * JSON-lines log in the data directory, rotated by size. Every field passes
 * through the one redactor (redact.ts), personal fields masked too, so
 * a secret handed to the logger by mistake is masked before it touches the
 * disk.
 */
export function createFileLogger(options: FileLoggerOptions): Logger & { close(): void } {
  const file = path.join(options.dir, options.fileName ?? 'station.log');
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const keep = options.keep ?? 5;
  fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  // Addresses pass through the log (masked, not gone): only the station's user reads it.
  let fd = fs.openSync(file, 'a', 0o600);
  let size = fs.fstatSync(fd).size;
  let closed = false;

  const rotate = (): void => {
    for (let i = keep - 1; i >= 1; i -= 1) {
      const from = `${file}.${i}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${file}.${i + 1}`);
    }
    fs.renameSync(file, `${file}.1`);
    // The old descriptor is closed only once the new one is open, so a rotation that fails half-way
    // leaves `fd` writable rather than a closed number another file may reuse.
    const next = fs.openSync(file, 'a', 0o600);
    fs.closeSync(fd);
    fd = next;
    size = 0;
  };

  const write = (level: LogLevel, scope: string, message: string, fields?: LogFields): void => {
    // A late callback (a USB teardown, a socket error) may log after close; its closed fd number may
    // already belong to another file, the database included, so the line is dropped instead.
    if (closed) return;
    const entry = { t: new Date().toISOString(), level, scope, msg: redactText(message), ...(fields ? (redactJson(fields, { personal: true }) as object) : {}) };
    const line = `${JSON.stringify(entry)}\n`;
    const bytes = Buffer.byteLength(line);
    try {
      if (size + bytes > maxBytes && size > 0) rotate();
      fs.writeSync(fd, line);
      size += bytes;
    } catch {
      // A full disk or a vanished folder loses this line, never the work it describes (a bought label, a print).
    }
    options.echo?.(line);
  };

  const make = (scope: string): Logger => ({
    debug: (m, f) => write('debug', scope, m, f),
    info: (m, f) => write('info', scope, m, f),
    warn: (m, f) => write('warn', scope, m, f),
    error: (m, f) => write('error', scope, m, f),
    child: (sub) => make(scope ? `${scope}.${sub}` : sub),
  });

  const close = (): void => {
    if (closed) return;
    closed = true;
    fs.closeSync(fd);
  };
  return Object.assign(make('station'), { close });
}

/** For tests and tools that must not write files. */
export function createMemoryLogger(): Logger & { readonly lines: Array<{ level: LogLevel; scope: string; msg: string; fields?: LogFields }> } {
  const lines: Array<{ level: LogLevel; scope: string; msg: string; fields?: LogFields }> = [];
  const make = (scope: string): Logger => {
    const push = (level: LogLevel) => (msg: string, fields?: LogFields) =>
      lines.push({ level, scope, msg: redactText(msg), ...(fields ? { fields: redactJson(fields, { personal: true }) as LogFields } : {}) });
    return { debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error'), child: (s) => make(`${scope}.${s}`) };
  };
  return Object.assign(make('station'), { lines });
}
