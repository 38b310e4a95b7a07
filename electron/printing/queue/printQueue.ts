import { StationFailure, fail } from '../../../shared/contract/errors';
import { finalPrintJobStatuses, type PrinterProfile, type PrintJobView } from '../../../shared/contract/printing';
import type { EventEmitterFn } from '../../../shared/contract';
import { mediaDots } from '../../../shared/domain/printing';
import { isDiskFull } from '../../core/diskFull';
import type { Logger } from '../../log/logger';
import { convertLabel } from '../pipeline';
import type { PrintRequest } from '../printService';
import { PRINT_DISK_FULL_WORDS, statusEvent, type Delivery, type PrinterTransport } from '../transport/transport';
import { PrinterSendError } from '../usb/usbPrinter';
import type { JobStore } from './jobStore';

export interface PrintQueueDeps {
  readonly jobs: JobStore;
  readonly profile: (printerId: string) => PrinterProfile | null;
  readonly defaultPrinterId: () => string;
  readonly transport: (profile: PrinterProfile) => PrinterTransport;
  readonly emit: EventEmitterFn;
  readonly log: Logger;
  /** How long a job waits before trying an absent network printer again; USB printers also wake on attach. */
  readonly retryDelayMs?: number;
  /** How often a printer that reported a stop (paper out, paused) is asked again while a job waits for it. */
  readonly heldRetryMs?: number;
}

/** What became of the job at the head of a printer's line: done with (next), or the worker waits for the printer. */
type Turn = 'next' | 'absent' | 'held';

const PARTIAL_ADVICE = 'Some or all of the label reached the printer, so it was not sent again automatically. Check what printed, then press Retry or Reprint.';

/**
 * The durable print queue. Every job is in SQLite before enqueue returns;
 * one worker per printer sends jobs oldest first. A printer that took none of
 * the bytes (unplugged, off, unreachable) leaves the job queued to resume by
 * itself; one that took part of them fails the job in words instead of
 * risking a second label.
 */
export function createPrintQueue(deps: PrintQueueDeps) {
  const { jobs, emit, log } = deps;
  const draining = new Map<string, Promise<void>>();
  const kickedWhileDraining = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** Callers of waitForJob, by job; each settles once, with the job's state at that moment. */
  const waiters = new Map<string, Set<(job: PrintJobView) => void>>();
  let closed = false;

  const publish = (job: PrintJobView): PrintJobView => {
    emit('print.job', job);
    emit('station.changed', { topics: ['printJobs'] });
    if (finalPrintJobStatuses.has(job.status)) for (const settle of [...(waiters.get(job.id) ?? [])]) settle(job);
    return job;
  };

  const mustJob = (jobId: string): PrintJobView => jobs.get(jobId) ?? fail('not_found', 'That print job does not exist (it may belong to another station).', { field: 'jobId' });

  function scheduleRetry(printerId: string, delayMs = deps.retryDelayMs ?? 10_000): void {
    if (closed || timers.has(printerId)) return;
    timers.set(
      printerId,
      setTimeout(() => {
        timers.delete(printerId);
        kick(printerId);
      }, delayMs),
    );
  }

  /** Kicks not yet run; idle() waits for them as for the workers they start. */
  const soon = new Set<Promise<void>>();
  function kickSoon(printerId: string): void {
    const next = new Promise<void>((resolve) =>
      setImmediate(() => {
        soon.delete(next);
        kick(printerId);
        resolve();
      }),
    );
    soon.add(next);
  }

  /** Starts the printer's worker unless it is already running. */
  function kick(printerId?: string): void {
    if (closed) return;
    const ids = printerId ? [printerId] : jobs.printersWithQueuedJobs();
    for (const id of ids) {
      if (draining.has(id)) {
        // The worker may already have found its queue empty without having finished: it looks once more when it does.
        kickedWhileDraining.add(id);
        continue;
      }
      const run = drain(id)
        .catch((error: unknown) => {
          // A store write failed (the database busy past its timeout, say). The queue tries again later; a job
          // caught mid-send stays 'sending' until recover() settles it at the next start, never re-sent blindly.
          log.error('print worker stopped', { printerId: id, error: error instanceof Error ? error : String(error) });
          scheduleRetry(id);
        })
        .finally(() => {
          draining.delete(id);
          if (kickedWhileDraining.delete(id)) kick(id);
        });
      draining.set(id, run);
    }
  }

  async function drain(printerId: string): Promise<void> {
    jobs.writeUnwritten();
    for (let job = jobs.nextQueued(printerId); job && !closed; job = jobs.nextQueued(printerId)) {
      let turn: Turn;
      try {
        turn = await sendOne(job);
      } catch (error) {
        // A full disk stopped a store write: the job fails in words now (kept in memory until it can be written), not "sending" until a restart.
        if (!isDiskFull(error)) throw error;
        log.warn('print job stopped: the disk is full', { jobId: job.id });
        publish(jobs.markFailed(job.id, PRINT_DISK_FULL_WORDS));
        continue;
      }
      if (turn !== 'next') {
        scheduleRetry(printerId, turn === 'held' ? (deps.heldRetryMs ?? 3000) : undefined);
        return;
      }
    }
  }

  async function sendOne(queued: PrintJobView): Promise<Turn> {
    const profile = deps.profile(queued.printerId);
    if (!profile) {
      publish(jobs.markFailed(queued.id, `The printer "${queued.printerId}" is not set up on this station any more. Reprint the label on another printer.`));
      return 'next';
    }
    const transport = deps.transport(profile);
    if (!transport.isPresent()) {
      if (queued.error === null) publish(jobs.markWaiting(queued.id, `Waiting for ${profile.name}: it is not connected.`));
      return 'absent';
    }
    const readiness = (await transport.readiness?.(profile.language)) ?? null;
    if (readiness?.state === 'stopped') {
      const words = `Held: ${profile.name} ${readiness.words}. The label goes to it once it is ready; nothing was sent yet.`;
      if (queued.error !== words) publish(jobs.markWaiting(queued.id, words));
      emit('printer.status', statusEvent(profile, readiness));
      return 'held';
    }
    const claimed = jobs.claim(queued.id);
    if (!claimed) return 'next';
    let job = publish(claimed);
    const png = jobs.labelPng(job.id);
    let bytes: Buffer;
    try {
      if (!png) fail('bad_label', 'The stored label image is missing.');
      const converted = await convertLabel(png, profile);
      bytes = converted.bytes;
      const size = mediaDots(profile.media, profile.dpi);
      const { warnings } = converted.fit;
      job = jobs.recordBytes(job.id, { bytes, language: profile.language, width: size.width, height: size.height, warnings });
      if (warnings.length > 0) log.warn('label printed with warnings', { jobId: job.id, warnings: warnings.map((w) => w.kind) });
    } catch (error) {
      const message = isDiskFull(error) ? PRINT_DISK_FULL_WORDS : error instanceof StationFailure ? error.error.message : 'The label could not be prepared for the printer.';
      log.warn('label conversion failed', { jobId: job.id, error: error instanceof Error ? error.message : String(error) });
      publish(jobs.markFailed(job.id, message));
      return 'next';
    }
    let lastReported = 0;
    let delivery: Delivery;
    try {
      delivery = await transport.send(bytes, { id: job.id, title: job.title, language: profile.language, size: mediaDots(profile.media, profile.dpi) }, (sent) => {
        // Progress is written at most every 16 KB, so a fast printer does not turn into a write storm.
        if (sent - lastReported >= 16 * 1024 || sent === bytes.length) {
          lastReported = sent;
          publish(jobs.progress(job.id, sent));
        }
      });
    } catch (error) {
      const sent = error instanceof PrinterSendError ? error.bytesSent : 0;
      const full = isDiskFull(error);
      const message = full ? PRINT_DISK_FULL_WORDS : error instanceof StationFailure ? error.error.message : `Printing failed (${error instanceof Error ? error.message : String(error)}).`;
      const retryable = !full && error instanceof StationFailure ? error.error.retryable !== false : false;
      log.warn('print attempt failed', { jobId: job.id, printerId: profile.id, sent, total: bytes.length, message });
      emit('printer.status', { printerId: profile.id, state: 'offline', message });
      if (sent === 0 && retryable) {
        publish(jobs.markWaiting(job.id, `Waiting for ${profile.name}: ${message}`));
        return 'absent';
      }
      // Some bytes, or even all of them, went out before the error: the label may have printed, so the operator checks.
      publish(jobs.markFailed(job.id, sent > 0 ? `${message} ${PARTIAL_ADVICE}` : message, sent));
      return 'next';
    }
    // Outside the try: the label has printed, so nothing that fails from here on may mark the job failed (a Retry would print it twice).
    if (delivery.printed) {
      publish(jobs.markDone(job.id));
      log.info('label printed', { jobId: job.id, printerId: profile.id, bytes: bytes.length });
    } else {
      publish(jobs.markSent(job.id, `Sent to ${profile.name}; ${delivery.unconfirmed}.`));
      log.info('label sent, printing not confirmed', { jobId: job.id, printerId: profile.id, bytes: bytes.length });
    }
    emit('printer.status', statusEvent(profile, readiness?.state === 'unknown' ? readiness : { state: 'ready' }));
    return 'next';
  }

  return {
    enqueue(request: PrintRequest): PrintJobView {
      const printerId = request.printerId ?? deps.defaultPrinterId();
      if (!deps.profile(printerId)) fail('not_found', `There is no printer "${printerId}" on this station. Choose one in the printer settings.`, { field: 'printerId' });
      const job = publish(jobs.insert({ printerId, title: request.title, reference: request.reference ?? null, kind: request.kind ?? 'label', png: request.png }));
      // The job is on disk; its worker starts on the next turn, so the caller (a purchase saying "bought") answers first.
      kickSoon(printerId);
      return job;
    },
    /** Resolves when the job is done, failed or cancelled, or with its state so far when the timeout passes or the queue closes. */
    waitForJob(jobId: string, timeoutMs?: number): Promise<PrintJobView> {
      const current = mustJob(jobId);
      if (closed || finalPrintJobStatuses.has(current.status)) return Promise.resolve(current);
      return new Promise((resolve) => {
        const list = waiters.get(jobId) ?? new Set<(job: PrintJobView) => void>();
        waiters.set(jobId, list);
        let timer: NodeJS.Timeout | undefined;
        const settle = (job: PrintJobView): void => {
          clearTimeout(timer);
          list.delete(settle);
          if (list.size === 0 && waiters.get(jobId) === list) waiters.delete(jobId);
          resolve(job);
        };
        list.add(settle);
        if (timeoutMs !== undefined) timer = setTimeout(() => settle(jobs.get(jobId) ?? current), timeoutMs);
      });
    },
    retry(jobId: string): PrintJobView {
      const job = mustJob(jobId);
      if (job.status === 'done') fail('conflict', 'This label already printed. Use Reprint to print it again.', { field: 'jobId' });
      if (job.status === 'sent') fail('conflict', 'This label already went to the printer. If it did not come out, use Reprint.', { field: 'jobId' });
      if (job.status === 'sending') fail('conflict', 'This label is printing right now.', { field: 'jobId' });
      const requeued = publish(jobs.requeue(jobId));
      const timer = timers.get(job.printerId);
      if (timer) clearTimeout(timer);
      timers.delete(job.printerId);
      kick(job.printerId);
      return requeued;
    },
    cancel(jobId: string): PrintJobView {
      const job = mustJob(jobId);
      if (job.status === 'sending') fail('conflict', 'This label is already going to the printer and cannot be stopped now.', { field: 'jobId' });
      if (job.status === 'done') fail('conflict', 'This label already printed.', { field: 'jobId' });
      if (job.status === 'sent') fail('conflict', 'This label already went to the printer.', { field: 'jobId' });
      if (job.status === 'cancelled') return job;
      return publish(jobs.cancel(jobId));
    },
    reprint(jobId: string, printerId?: string): PrintJobView {
      const original = mustJob(jobId);
      const png = jobs.labelPng(jobId) ?? fail('not_found', 'The stored label image for that job is missing.', { field: 'jobId' });
      const target = printerId ?? original.printerId;
      if (!deps.profile(target)) fail('not_found', `There is no printer "${target}" on this station.`, { field: 'printerId' });
      const job = publish(jobs.insert({ printerId: target, title: original.title, reference: original.reference, kind: original.kind, png, reprintOf: original.id }));
      kick(target);
      return job;
    },
    /**
     * After a crash: a job that never got as far as printer bytes goes back in
     * line; one whose bytes all reached the printer is sent (whether it printed
     * was never heard); one cut off mid-way (or at an unknown point) fails in
     * words, never re-sent blindly.
     */
    recover(): void {
      for (const job of jobs.interrupted()) {
        if (job.bytesTotal === null) publish(jobs.requeue(job.id));
        else if (job.bytesSent === job.bytesTotal) publish(jobs.markSent(job.id, 'Sent to the printer just before the station stopped; check that the label came out, and use Reprint if it did not.'));
        else publish(jobs.markFailed(job.id, `The station stopped while this label was going to the printer. ${PARTIAL_ADVICE}`));
      }
    },
    kick,
    /** A worker is sending to the printer now. */
    busy: (printerId: string): boolean => draining.has(printerId),
    /** The printer is ready: a job held for it goes now instead of at its next turn. */
    ready(printerId: string): void {
      const timer = timers.get(printerId);
      if (!timer) return;
      clearTimeout(timer);
      timers.delete(printerId);
      kick(printerId);
    },
    /** Waits for running workers; used by close and by tests. */
    async idle(): Promise<void> {
      while (soon.size > 0 || draining.size > 0) await Promise.all([...soon, ...draining.values()]);
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...draining.values()]);
      // Waiters hear the state now, while the database is still open, rather than from a timer after it closed.
      for (const [jobId, list] of [...waiters]) {
        const job = jobs.get(jobId);
        if (job) for (const settle of [...list]) settle(job);
      }
    },
  };
}

export type PrintQueue = ReturnType<typeof createPrintQueue>;
