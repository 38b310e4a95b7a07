import { useState } from 'react';
import { OVERRIDE_WORD } from '../../../../shared/contract/bench';
import { addressLines } from '../../ui/format';
import { Key } from '../../ui/Key';
import { intent, useBench } from './bench-store';
import { ShipToEditor } from './ShipToEditor';

const focusScan = (): void => document.querySelector<HTMLInputElement>('input[data-scan-field]')?.focus();

const badges = {
  confirmed: ['ok', 'address confirmed'],
  standardized: ['ok', 'standardized'],
  entered: ['warn', 'as entered'],
  overridden: ['warn', 'not confirmed: bought on your word'],
  checking: ['', 'checking address…'],
} as const;

/** What the operator types, deliberately, to buy for an address the service did not confirm. */
function OverrideField() {
  const [word, setWord] = useState('');
  return (
    <label className="field">
      <span>
        Type {OVERRIDE_WORD} and Enter to buy for this address as it is <Key k="Alt+Y" />
      </span>
      <input
        name="override"
        autoComplete="off"
        spellCheck={false}
        aria-keyshortcuts="Alt+Y"
        value={word}
        onChange={(e) => setWord(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          e.stopPropagation();
          void intent('bench.address', { action: 'override', word }).then(() => {
            setWord('');
            if (useBench.getState().bench?.address.status === 'overridden') focusScan();
          });
        }}
      />
    </label>
  );
}

/** The ship-to address and where the address check stands; only a changed or unconfirmed address asks anything. */
export function ShipToPanel() {
  const bench = useBench((s) => s.bench);
  // Editing belongs to one package: the next scan closes it, so one order's address never lands on the next.
  const [editingId, setEditingId] = useState<number | null>(null);
  if (!bench?.to || !bench.order) {
    return (
      <section className="panel" aria-label="Ship to">
        <h2>Ship to</h2>
        <p className="muted">Scan an order to fill in the address and package.</p>
      </section>
    );
  }
  const { to, order, address, box } = bench;
  const locked = bench.purchase.status === 'buying' || bench.purchase.status === 'bought';
  if (editingId === bench.packageId && !locked) {
    return (
      <section className="panel" aria-label="Ship to">
        <ShipToEditor
          address={address.status === 'needs_decision' && address.suggestion ? { ...address.suggestion, name: to.name } : to}
          onUse={(next) => {
            setEditingId(null);
            void intent('bench.address', { action: 'edit', address: next });
            focusScan();
          }}
          onCancel={() => {
            setEditingId(null);
            focusScan();
          }}
        />
      </section>
    );
  }
  const found = address.status in badges ? badges[address.status as keyof typeof badges] : null;
  // Nothing is bought on the operator's word until the label is: until then the badge says what the word will do.
  const badge = address.status === 'overridden' && bench.purchase.status !== 'bought' ? (['warn', 'not confirmed: you typed SHIP, Buy uses it as it is'] as const) : found;
  return (
    <section className="panel" aria-label="Ship to">
      <h2>
        Ship to <span className="muted small">order {order.orderNumber}</span>{' '}
        {box > 0 ? <span className="badge" data-testid="box-number">box {box + 1}</span> : null}{' '}
        {badge ? <span className={`badge ${badge[0]}`}>{badge[1]}</span> : null}
      </h2>
      {bench.alreadyShipped ? (
        <p className="note" role="note">
          This order already has a label. Buying again gives back that same label, never a second one; reprint it from History. For another box of
          this order press Alt+B (Another box for this order).
        </p>
      ) : null}
      <address className="address">
        {addressLines(to).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      {locked ? null : (
        <div className="row">
          <button type="button" className="button" aria-keyshortcuts="Alt+E" onClick={() => setEditingId(bench.packageId)}>
            Edit address <Key k="Alt+E" />
          </button>
          {address.status === 'standardized' ? (
            <button type="button" className="button" aria-keyshortcuts="Alt+U" onClick={() => void intent('bench.address', { action: 'undo' })}>
              Undo standardization <Key k="Alt+U" />
            </button>
          ) : null}
          {address.status === 'entered' ? (
            <button type="button" className="button" aria-keyshortcuts="Alt+U" onClick={() => void intent('bench.address', { action: 'redo' })}>
              Use standardized address <Key k="Alt+U" />
            </button>
          ) : null}
        </div>
      )}
      {address.status === 'standardized' && address.corrections.length > 0 ? (
        <p className="small muted" aria-label="Standardized">
          Standardized by the service: {address.corrections.map((c) => `${c.from || '(empty)'} → ${c.to || '(empty)'}`).join('; ')}
        </p>
      ) : null}
      {address.status === 'needs_decision' && !locked ? (
        <div className="inline-error offer" role="group" aria-label="Address check">
          <p className="error-message">{address.problem}</p>
          {address.corrections.length > 0 ? (
            <ul className="small">
              {address.corrections.map((c) => (
                <li key={c.field}>
                  {c.field}: <s>{c.from || '(empty)'}</s> → <strong>{c.to || '(empty)'}</strong>
                </li>
              ))}
            </ul>
          ) : null}
          <OverrideField />
        </div>
      ) : null}
    </section>
  );
}
