import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime, money } from '../../ui/format';
import { V1Orders } from './V1Orders';
import { V1ScanForms } from './V1ScanForms';

/** The legacy (v1) account: balance, carrier accounts, orders and SCAN forms. */
export function AccountScreen() {
  const balance = useQuery('account.balance', {}, ['backend', 'shipments']);
  const carriers = useQuery('account.carrierAccounts', {}, ['backend']);
  return (
    <section className="screen" aria-label="Account">
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
          <button type="button" className="button" onClick={balance.reload}>
            Refresh
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
        <V1Orders />
        <V1ScanForms />
      </div>
    </section>
  );
}
