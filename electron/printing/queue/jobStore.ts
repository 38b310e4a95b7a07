import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { labelWarningKinds, type LabelWarning, type PrintJobKind, type PrintJobStatus, type PrintJobView } from '../../../shared/contract/printing';
import type { PrinterLanguage } from '../../../shared/domain/printing';
import { isDiskFull } from '../../core/diskFull';
import type { Db } from '../../store/database';

interface JobRow {
  id: string;
  printer_id: string;
  title: string;
  reference: string | null;
  kind: PrintJobKind;
  status: PrintJobStatus;
  attempts: number;
  error: string | null;
  bytes_total: number | null;
  bytes_sent: number | null;
  warnings: string | null;
  reprint_of: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

const VIEW_COLUMNS =
  'id, printer_id, title, reference, kind, status, attempts, error, bytes_total, bytes_sent, warnings, reprint_of, created_at, updated_at, completed_at';

const warningsSchema = z.array(z.object({ kind: z.enum(labelWarningKinds), message: z.string() }));

/** Written by this station only; anything unreadable is no warning rather than a job that cannot be listed. */
function storedWarnings(text: string | null): LabelWarning[] {
  if (!text) return [];
  try {
    const parsed = warningsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function toView(row: JobRow): PrintJobView {
  return {
    id: row.id,
    printerId: row.printer_id,
    title: row.title,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    bytesTotal: row.bytes_total,
    bytesSent: row.bytes_sent,
    warnings: storedWarnings(row.warnings),
    reprintOf: row.reprint_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export interface NewJob {
  readonly printerId: string;
  readonly title: string;
  readonly reference: string | null;
  readonly kind: PrintJobKind;
  readonly png: Uint8Array;
  readonly reprintOf?: string | null;
}

export interface SentBytes {
  readonly bytes: Buffer;
  readonly warnings?: readonly LabelWarning[];
  readonly language: PrinterLanguage;
  readonly width: number;
  readonly height: number;
}

/** The print_jobs table; every write returns the job's new view so callers can emit it. */
export function createJobStore(db: Db, now: () => Date) {
  const stamp = (): string => now().toISOString();
  const get = db.prepare<[string], JobRow>(`SELECT ${VIEW_COLUMNS} FROM print_jobs WHERE id = ?`);
  /**
   * A job's last state that a full disk kept from being written (issue 21):
   * shown as it is at once, written when a write succeeds again, so a job
   * never stays "sending" behind a full disk.
   */
  const unwritten = new Map<string, { readonly set: string; readonly params: Record<string, unknown>; readonly status: PrintJobStatus; readonly error: string | null }>();
  const withUnwritten = (job: PrintJobView): PrintJobView => {
    const late = unwritten.get(job.id);
    return late ? { ...job, status: late.status, error: late.error } : job;
  };
  const view = (id: string): PrintJobView | null => {
    const row = get.get(id);
    return row ? withUnwritten(toView(row)) : null;
  };
  const mustView = (id: string): PrintJobView => view(id)!;
  const insert = db.prepare(
    `INSERT INTO print_jobs (id, printer_id, title, reference, kind, status, label_png, reprint_of, created_at, updated_at)
     VALUES (@id, @printerId, @title, @reference, @kind, 'queued', @png, @reprintOf, @at, @at)`,
  );
  const update = (id: string, set: string, params: Record<string, unknown> = {}): PrintJobView => {
    db.prepare(`UPDATE print_jobs SET ${set}, updated_at = @at WHERE id = @id`).run({ ...params, id, at: stamp() });
    unwritten.delete(id);
    return mustView(id);
  };
  /** A job's final state, kept in memory when the disk is full rather than lost with the job left "sending". */
  const settle = (id: string, status: PrintJobStatus, error: string | null, set: string, params: Record<string, unknown> = {}): PrintJobView => {
    try {
      return update(id, set, params);
    } catch (failure) {
      if (!isDiskFull(failure)) throw failure;
      unwritten.set(id, { set, params, status, error });
      return mustView(id);
    }
  };

  return {
    get: view,
    insert(job: NewJob): PrintJobView {
      const id = randomUUID();
      insert.run({ id, printerId: job.printerId, title: job.title, reference: job.reference, kind: job.kind, png: Buffer.from(job.png), reprintOf: job.reprintOf ?? null, at: stamp() });
      return mustView(id);
    },
    list(options: { status?: PrintJobStatus; limit: number }): PrintJobView[] {
      const rows = options.status
        ? db.prepare<[string, number], JobRow>(`SELECT ${VIEW_COLUMNS} FROM print_jobs WHERE status = ? ORDER BY seq DESC LIMIT ?`).all(options.status, options.limit)
        : db.prepare<[number], JobRow>(`SELECT ${VIEW_COLUMNS} FROM print_jobs ORDER BY seq DESC LIMIT ?`).all(options.limit);
      return rows.map((row) => withUnwritten(toView(row)));
    },
    /** Oldest waiting job of a printer: labels print in the order they were bought. */
    nextQueued(printerId: string): PrintJobView | null {
      // A job failed in memory only (the disk full) is not queued any more, whatever its row still says.
      const row = db
        .prepare<[string], { id: string }>(`SELECT id FROM print_jobs WHERE printer_id = ? AND status = 'queued' ORDER BY seq`)
        .all(printerId)
        .find((r) => !unwritten.has(r.id));
      return row ? view(row.id) : null;
    },
    printersWithQueuedJobs(): string[] {
      return db.prepare<[], { printer_id: string }>(`SELECT DISTINCT printer_id FROM print_jobs WHERE status = 'queued'`).all().map((r) => r.printer_id);
    },
    labelPng(id: string): Buffer | null {
      return db.prepare<[string], { label_png: Buffer }>('SELECT label_png FROM print_jobs WHERE id = ?').get(id)?.label_png ?? null;
    },
    sentBytes(id: string): SentBytes | null {
      const row = db
        .prepare<[string], { printer_bytes: Buffer | null; printer_language: PrinterLanguage | null; label_width: number | null; label_height: number | null }>(
          'SELECT printer_bytes, printer_language, label_width, label_height FROM print_jobs WHERE id = ?',
        )
        .get(id);
      if (!row?.printer_bytes || !row.printer_language) return null;
      return { bytes: row.printer_bytes, language: row.printer_language, width: row.label_width ?? 0, height: row.label_height ?? 0 };
    },
    /**
     * Claims a queued job for sending; null when another worker (a second
     * station process on the same data folder, say) already took it. The
     * byte count of an earlier attempt is cleared, so a crash before this
     * attempt's bytes are recorded reads as "never sent", not as cut off.
     */
    claim(id: string): PrintJobView | null {
      const result = db
        .prepare(
          "UPDATE print_jobs SET status = 'sending', attempts = attempts + 1, error = NULL, bytes_total = NULL, bytes_sent = 0, updated_at = @at WHERE id = @id AND status = 'queued'",
        )
        .run({ id, at: stamp() });
      return result.changes === 1 ? mustView(id) : null;
    },
    recordBytes(id: string, sent: SentBytes): PrintJobView {
      return update(id, 'printer_bytes = @bytes, printer_language = @language, label_width = @width, label_height = @height, bytes_total = @total, warnings = @warnings', {
        bytes: sent.bytes,
        warnings: sent.warnings && sent.warnings.length > 0 ? JSON.stringify(sent.warnings) : null,
        language: sent.language,
        width: sent.width,
        height: sent.height,
        total: sent.bytes.length,
      });
    },
    /** Progress is for the screen: a full disk skips it rather than stopping the label mid-way. */
    progress(id: string, bytesSent: number): PrintJobView {
      try {
        return update(id, 'bytes_sent = @sent', { sent: bytesSent });
      } catch (failure) {
        if (!isDiskFull(failure)) throw failure;
        return mustView(id);
      }
    },
    markDone(id: string): PrintJobView {
      return settle(id, 'done', null, "status = 'done', error = NULL, bytes_sent = bytes_total, completed_at = @at", { at: stamp() });
    },
    /** Every byte reached a printer that cannot say whether it printed; `words` tell the operator so. */
    markSent(id: string, words: string): PrintJobView {
      return settle(id, 'sent', words, "status = 'sent', error = @words, bytes_sent = bytes_total, completed_at = @at", { words, at: stamp() });
    },
    /** Back in line: nothing reached the printer, so sending again cannot print twice. */
    markWaiting(id: string, reason: string): PrintJobView {
      return update(id, "status = 'queued', error = @reason, bytes_sent = 0", { reason });
    },
    markFailed(id: string, reason: string, bytesSent: number | null = null): PrintJobView {
      return settle(id, 'failed', reason, "status = 'failed', error = @reason, bytes_sent = COALESCE(@sent, bytes_sent)", { reason, sent: bytesSent });
    },
    /** Writes the final states a full disk held back; those it still cannot write stay in memory. */
    writeUnwritten(): void {
      for (const [id, late] of [...unwritten]) {
        try {
          update(id, late.set, late.params);
        } catch (failure) {
          if (!isDiskFull(failure)) throw failure;
          return;
        }
      }
    },
    requeue(id: string): PrintJobView {
      return update(id, "status = 'queued', error = NULL, bytes_sent = NULL");
    },
    cancel(id: string): PrintJobView {
      return update(id, "status = 'cancelled', completed_at = @at", { at: stamp() });
    },
    /** Jobs left 'sending' by a crash or a power cut. */
    interrupted(): PrintJobView[] {
      return db.prepare<[], JobRow>(`SELECT ${VIEW_COLUMNS} FROM print_jobs WHERE status = 'sending' ORDER BY seq`).all().filter((row) => !unwritten.has(row.id)).map(toView);
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
