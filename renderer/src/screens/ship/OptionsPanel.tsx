import { InsuranceCost } from './InsuranceCost';
import { InsuranceField } from './InsuranceField';
import { isOn, optionKey, optionKeys, signatureWords } from './options';
import { useBench } from './bench-store';

/** Options a packer needs, each one function key away (keys handled by the Ship screen). */
export function OptionsPanel() {
  const options = useBench((s) => s.bench?.options);
  if (!options) return null;
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
                <InsuranceField shortcut={option.key} />
              </label>
            );
          }
          const on = isOn(options, option.id);
          return (
            <button
              key={option.key}
              type="button"
              className={`button option${on ? ' primary' : ''}`}
              aria-pressed={on}
              aria-keyshortcuts={option.key}
              onClick={() => optionKey(option.key)}
            >
              {option.id === 'signature' && options.signature ? signatureWords[options.signature] : option.label}
              <kbd aria-hidden="true">{option.key}</kbd>
            </button>
          );
        })}
      </div>
      {options.insuranceError ? (
        <p id="insurance-error" className="small error-message" role="alert">
          {options.insuranceError}
        </p>
      ) : null}
      <InsuranceCost />
      {options.lithiumBattery ? <p className="small muted">Lithium batteries ship only by USPS Ground Advantage.</p> : null}
    </section>
  );
}
