import type { CommandArgs } from '../../shared/contract';
import type { BatchView } from '../../shared/contract/desks';
import type { StationError } from '../../shared/contract/errors';
import { parseScan } from '../../shared/domain/scan';
import { formatOunces } from '../../shared/domain/units';
import type { Attempt } from './ports';
import { batchStep, initialBatch, type BatchEffect } from './batchMachine';
import type { BatchBench } from './batchBench';
import { runMachine } from './machineRunner';

/**
 * The station side of the Batch machine (batchMachine.ts): the screen's
 * intents become events, each effect runs on the batch bench (prepare a line,
 * buy the lines shown), and the answers come back as events.
 */
export function createBatchDesk(batch: Pick<BatchBench, 'prepare' | 'buy'>, attempt: Attempt, emit: (view: BatchView) => void) {
  const { dispatch, until, current: machine } = runMachine({ initial: initialBatch(), step: batchStep, emit, run });
  /** The scale's last stable reading: a box on the scale when its order is scanned is that line's weight. */
  let scaleOz: number | null = null;

  function run(effect: BatchEffect): void {
    if (effect.type === 'prepare') {
      const { key, ticket, orderNumber, weightText } = effect;
      void attempt(async () => {
        const [row] = await batch.prepare({ rows: [{ key, orderNumber, weightText }] });
        if (!row) throw new Error('batch.prepare answered no row');
        return row;
      }).then((result) => dispatch({ type: 'prepared', key, ticket, result }));
      return;
    }
    const rows = effect.rows.map((r) => ({ ...r }));
    void attempt(() => batch.buy({ rows, print: true }, (outcome) => void dispatch({ type: 'outcome', outcome }))).then((result) =>
      dispatch({ type: 'buyFinished', error: result.ok ? null : result.error }),
    );
  }

  /** A scan adds its order as a line, answered once the line is prepared (or refused and gone). */
  async function scan(args: CommandArgs<'batchDesk.scan'>): Promise<BatchView> {
    const parsed = parseScan(args.text);
    const orderNumber = parsed.kind === 'order' || (parsed.kind === 'tracking' && parsed.order_number) ? (parsed.order_number ?? args.text.trim()) : null;
    if (!orderNumber) {
      const error: StationError = { code: 'invalid_input', message: parsed.message ?? 'That scan is not an order number.' };
      return dispatch({ type: 'scanRefused', error });
    }
    const key = `order:${orderNumber.toLowerCase()}`;
    const view = dispatch({ type: 'scanned', key, orderNumber, weightText: scaleOz === null ? '' : formatOunces(scaleOz) });
    if (view.scanError) return view;
    return until((m) => !m.fresh.includes(key));
  }

  /** Alt+P: answered once every line it buys has its outcome. */
  async function buy(args: CommandArgs<'batchDesk.buy'>): Promise<BatchView> {
    dispatch({ type: 'buyPressed', shown: args.shown });
    return until((m) => !m.view.running);
  }

  return {
    state: (): BatchView => machine().view,
    scan,
    weight: (args: CommandArgs<'batchDesk.weight'>) => dispatch({ type: 'weightTyped', key: args.key, text: args.text }),
    pick: (args: CommandArgs<'batchDesk.pick'>) => dispatch({ type: 'picked', key: args.key, index: args.index }),
    override: (args: CommandArgs<'batchDesk.override'>) => dispatch({ type: 'overrideTyped', key: args.key, word: args.word }),
    remove: (args: CommandArgs<'batchDesk.remove'>) => dispatch({ type: 'removed', key: args.key }),
    rateAgain: () => dispatch({ type: 'rateAgain' }),
    clear: () => dispatch({ type: 'cleared' }),
    buy,
    weighed: (oz: number | null) => void (scaleOz = oz),
  };
}
