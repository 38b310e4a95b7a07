/** A pure bench machine as data: its view is what the screen draws. */
interface Viewed<V> {
  readonly view: V;
}

/**
 * The station side every bench machine shares (Ship, Batch, Returns): an
 * event goes through the pure step, a changed view is pushed, the effects
 * are run, and whoever waits on the machine is asked again. Effects answer
 * with events of their own through `dispatch`, later.
 */
export function runMachine<M extends Viewed<V>, E, F, V>(options: {
  readonly initial: M;
  readonly step: (machine: M, event: E) => readonly [M, readonly F[]];
  readonly emit: (view: V) => void;
  readonly run: (effect: F) => void;
}) {
  let machine = options.initial;
  let waiting: Array<() => void> = [];

  function dispatch(event: E): V {
    const [next, effects] = options.step(machine, event);
    const changed = next.view !== machine.view;
    machine = next;
    if (changed) options.emit(machine.view);
    for (const effect of effects) options.run(effect);
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
    return machine.view;
  }

  /** Resolves once the machine passes the test, judged after every event. */
  function until(test: (m: M) => boolean): Promise<V> {
    if (test(machine)) return Promise.resolve(machine.view);
    return new Promise((resolve) => {
      const look = (): void => {
        if (test(machine)) resolve(machine.view);
        else waiting.push(look);
      };
      waiting.push(look);
    });
  }

  return { dispatch, until, current: (): M => machine };
}
