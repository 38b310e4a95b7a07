import { useRef, useState } from 'react';
import { useQuery } from '../../station/use-query';
import { emptyAddress } from '../../ui/AddressForm';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { useStartFocus } from '../../ui/use-start-focus';
import { benchTime, money } from '../../ui/format';
import { emptyPackage, type V1OrderDraft } from './draft';
import { V1AddressVerify } from './V1AddressVerify';
import { V1LabelDesk } from './V1LabelDesk';
import { V1OrderForm } from './V1OrderForm';
import { V1Orders } from './V1Orders';
import { V1ScanForms } from './V1ScanForms';

const noOrder: V1OrderDraft = { storeName: '', orderNumber: '', warehouseName: '', to: emptyAddress, pkg: emptyPackage };

/** The legacy (v1) account: balance, carrier accounts, orders, the label desk, address verify and SCAN forms. */
export function AccountScreen() {
  // The order just created seeds the label desk, so rating it needs no retyping.
  const [deskOrder, setDeskOrder] = useState<V1OrderDraft>(noOrder);
  const balance = useQuery('account.balance', {}, ['backend', 'shipments']);
  const carriers = useQuery('account.carrierAccounts', {}, ['backend']);
  const screen = useRef<HTMLElement>(null);
  // Work on Account starts at the order form's first field.
  useStartFocus(screen, true, 'input');
  return (
    <section ref={screen} className="screen" aria-label="Account">
      <h1>Account</h1>
      <div className="grid-2">
        <section className="panel" aria-label="Balance">
          <h2>Balance</h2>
          <InlineError error={balance.error} />
          {balance.data ? (
            <>
              <p className="big-number" data-testid="balance">
                {money(balance.data.balance, balance.data.currency)}
              </p>
              <p className="small muted">as of {benchTime(balance.data.fetchedAt)}</p>
            </>
          ) : null}
          <button type="button" className="button" aria-keyshortcuts="Alt+R" onClick={balance.reload}>
            Refresh <Key k="Alt+R" />
          </button>
        </section>
        <section className="panel" aria-label="Carrier accounts">
          <h2>Carrier accounts</h2>
          <InlineError error={carriers.error} />
          <table className="data">
            <thead>
              <tr>
                <th>Name</th>
                <th>Carrier</th>
                <th>Account</th>
              </tr>
            </thead>
            <tbody>
              {(carriers.data ?? []).map((c) => (
                <tr key={`${c.carrier}:${c.tokenHint}`}>
                  <td>{c.name}</td>
                  <td>{c.carrier}</td>
                  <td className="mono">{c.tokenHint}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <div className="grid-2">
        <V1OrderForm onCreated={setDeskOrder} />
        <V1Orders />
      </div>
      <V1LabelDesk key={`${deskOrder.storeName}/${deskOrder.orderNumber}`} seed={deskOrder} />
      <div className="grid-2">
        <V1AddressVerify />
        <V1ScanForms />
      </div>
    </section>
  );
}
