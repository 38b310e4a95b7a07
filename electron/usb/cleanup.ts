/**
 * Letting go of a USB device that may already be gone. An unplugged device
 * can fail a cleanup step or never call it back; neither may leave a driver
 * waiting, nor turn a finished job into a failed one.
 */

/** Waits for a callback-style cleanup step, but not forever, and not for a step that throws. */
export function settle(step: (done: () => void) => void, timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    try {
      step(done);
    } catch {
      done();
    }
  });
}

export function tryQuietly(action: () => void): void {
  try {
    action();
  } catch {
    // Closing a device that was unplugged fails; there is nothing left to undo.
  }
}
