import { useEffect, useRef, useState } from 'react';
import type { StationAddress } from '../../../../shared/contract/shippingTypes';
import { AddressForm, addressFrom, draftFrom } from '../../ui/AddressForm';
import { EditorActions } from '../../ui/EditorActions';

/** The ship-to address as the operator corrects it, with the cursor in Street; Enter uses it, Alt+C leaves it as it was. */
export function ShipToEditor({ address, onUse, onCancel }: { readonly address: StationAddress; readonly onUse: (to: StationAddress) => void; readonly onCancel: () => void }) {
  const [draft, setDraft] = useState(() => draftFrom(address));
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const street = form.current?.querySelector<HTMLInputElement>('input[name="to.street"]') ?? form.current?.querySelector<HTMLInputElement>('input');
    street?.focus();
    street?.select();
  }, []);
  return (
    <form
      ref={form}
      className="ship-to-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onUse({ ...addressFrom(draft), ...(address.residential !== undefined ? { residential: address.residential } : {}) });
      }}
    >
      <AddressForm value={draft} onChange={setDraft} prefix="to" label="Edit ship-to address" />
      <EditorActions use="Use this address" leave="Cancel" onLeave={onCancel} />
    </form>
  );
}
