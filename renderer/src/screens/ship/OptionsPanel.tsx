import { InsuranceCost } from './InsuranceCost';
import { optionKeys, signatureWords } from './options';
import { useShip } from './ship-store';

/** Options a packer needs, each one function key away (keys handled by the Ship screen). */
export function OptionsPanel({ onKey }: { readonly onKey: (key: string) => void }) {
  const options = useShip((s) => s.options);
  const patch = useShip((s) => s.patch);
  return (
    <section className="panel" aria-label="Options">
      <h2>Options</h2>
      <div className="options">
        {optionKeys.map((option) => {
          if (option.id === 'insurance') {
            return (
              <label key={option.key} className="field option">
                <span>
                  Insurance amount <kbd aria-hidden="true">{option.key}</kbd>
                </span>
                <input
                  id="insurance-amount"
                  type="number"
                  min="0"
                  step="0.01"
                  placeholder="none"
                  aria-keyshortcuts={option.key}
                  value={options.insuranceAmount ?? ''}
                  onChange={(e) => {
                    const value = e.target.value === '' ? null : Number(e.target.value);
                    patch({ options: { ...options, insuranceAmount: value !== null && Number.isFinite(value) && value > 0 ? value : null } });
                  }}
                />
              </label>
            );
          }
          const on = option.id === 'signature' ? options.signature !== null : options[option.id];
          return (
            <button
              key={option.key}
              type="button"
              className={`button option${on ? ' primary' : ''}`}
              aria-pressed={on}
              aria-keyshortcuts={option.key}
              onClick={() => onKey(option.key)}
            >
              {option.id === 'signature' && options.signature ? signatureWords[options.signature] : option.label}
              <kbd aria-hidden="true">{option.key}</kbd>
            </button>
          );
        })}
      </div>
      <InsuranceCost />
      {options.lithiumBattery ? <p className="small muted">Lithium batteries ship only by USPS Ground Advantage.</p> : null}
    </section>
  );
}
