import { useState } from 'react';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import type { Shipment } from '../../../../shared/contract/shippingTypes';
import { useNav } from '../../stores/nav-store';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { ShipmentFacts } from '../../ui/ShipmentFacts';
import { SlipButton } from '../../ui/SlipButton';

/** One shipment from the local store: preview and reprint work without the network. */
export function ShipmentDetail({ shipment }: { readonly shipment: Shipment }) {
  const go = useNav((s) => s.go);
  const readOnly = useReadOnly() !== undefined;
  const hasLabel = shipment.labelCount > 0;
  // A voided label must never reach a box again, so it offers no reprint.
  const printable = hasLabel && shipment.state === 'bought';
  const label = useQuery('history.label', hasLabel ? { shipmentId: shipment.id } : null, []);
  const forms = useQuery('history.customsForms', shipment.customsFormCount > 0 ? { shipmentId: shipment.id } : null, []);
  const [printed, setPrinted] = useState<string | null>(null);
  const [error, setError] = useState<StationError | null>(null);

  const reprint = async (kind: 'label' | 'qrcode' | 'customs'): Promise<void> => {
    setPrinted(null);
    const result = await run('history.reprint', { shipmentId: shipment.id, kind });
    if (!result.ok) return setError(result.error);
    setError(null);
    setPrinted(kind === 'qrcode' ? 'QR label sent to the printer.' : kind === 'customs' ? 'Customs form sent to the printer.' : 'Label sent to the printer.');
  };

  return (
    <section className="panel" aria-label="Shipment detail">
      <div className="grid-2">
        <div>
          <ShipmentFacts shipment={shipment} />
          <div className="row actions">
            {printable ? (
              <button type="button" className="button primary" aria-keyshortcuts="Alt+R" onClick={() => void reprint('label')}>
                Reprint <Key k="Alt+R" />
              </button>
            ) : null}
            {printable && shipment.qrCodeCount > 0 ? (
              <button type="button" className="button" aria-keyshortcuts="Alt+Q" onClick={() => void reprint('qrcode')}>
                Reprint QR label <Key k="Alt+Q" />
              </button>
            ) : null}
            {printable && shipment.customsFormCount > 0 ? (
              <button type="button" className="button" aria-keyshortcuts="Alt+F" onClick={() => void reprint('customs')}>
                Reprint customs form <Key k="Alt+F" />
              </button>
            ) : null}
            {(forms.data ?? []).map((form, index) => (
              // A form kept as the service sent it, for a PDF viewer or a sheet printer.
              <a
                key={index}
                className="button"
                aria-keyshortcuts={index === 0 ? 'Alt+D' : undefined}
                download={`customs-${shipment.trackingNo ?? shipment.platformUkId}-${index + 1}.${form.mime === 'application/pdf' ? 'pdf' : 'png'}`}
                href={`data:${form.mime};base64,${form.base64}`}
              >
                Save customs form {forms.data && forms.data.length > 1 ? `${index + 1} ` : ''}({form.mime === 'application/pdf' ? 'PDF' : 'PNG'})
                {index === 0 ? <> <Key k="Alt+D" /></> : null}
              </a>
            ))}
            {shipment.state === 'bought' ? (
              <button type="button" className="button danger" disabled={readOnly} onClick={() => go('void', shipment.trackingNo ?? shipment.platformUkId)} aria-keyshortcuts="Alt+V">
                Void… <Key k="Alt+V" />
              </button>
            ) : null}
            {shipment.trackingNo ? (
              <button type="button" className="button" aria-keyshortcuts="Alt+T" onClick={() => go('tracking', shipment.trackingNo ?? '')}>
                Track <Key k="Alt+T" />
              </button>
            ) : null}
          </div>
          {printed ? <p role="status">{printed}</p> : null}
          <InlineError error={error ?? undefined} />
          {/* A reprinted label offers its packing slip too. */}
          {shipment.state === 'bought' ? <SlipButton shipmentId={shipment.id} /> : null}
        </div>
        <div>
          <InlineError error={label.error} />
          {label.data ? <img className="label-preview" alt="Label preview" src={`data:image/png;base64,${label.data.pngBase64}`} /> : null}
          {!hasLabel ? <p className="muted">No label image is stored for this shipment.</p> : null}
        </div>
      </div>
    </section>
  );
}
