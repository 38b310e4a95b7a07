import { useRef, useState, type FormEvent } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import type { Rule } from '../../../../shared/contract/rules';
import type { Comparison } from '../../../../shared/domain/rules/types';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { FieldError, fieldElementId, SelectField, TextField } from './fields';
import { composeRule, emptyRuleForm, formOrder, placeOfRefusal, type ErrorPlace, type FormErrors, type RuleFormState } from './rule-form';

const compares: ReadonlyArray<readonly ['' | Comparison, string]> = [
  ['', 'not tested'],
  ['more', 'more than'],
  ['atLeast', 'at least'],
  ['less', 'less than'],
  ['atMost', 'at most'],
  ['equal', 'exactly'],
];
const yesNo = (yes: string, no: string): ReadonlyArray<readonly ['' | 'yes' | 'no', string]> => [['', 'not tested'], ['yes', yes], ['no', no]];

/** Add a rule: every "When" field left empty is not tested; every "Then" field left empty is not set. */
export function RuleForm({ presets, onAdded }: { readonly presets: readonly string[]; readonly onAdded: (rule: Rule) => void }) {
  const [form, setForm] = useState<RuleFormState>(emptyRuleForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [refused, setRefused] = useState<StationError | undefined>();
  const [busy, setBusy] = useState(false);
  const readOnly = useReadOnly() !== undefined;
  const nameField = useRef<HTMLInputElement>(null);
  useAutoFocus(nameField);

  const set = <K extends keyof RuleFormState>(key: K) => (value: RuleFormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined, actions: undefined }));
  };
  const showErrors = (found: FormErrors) => {
    setErrors(found);
    const first = formOrder.find((place) => found[place] !== undefined);
    document.getElementById(fieldElementId(first === 'actions' ? 'service' : (first ?? 'name')))?.focus();
  };
  const common = (id: ErrorPlace) => ({ id, error: errors[id] });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setRefused(undefined);
    const composed = composeRule(form);
    if (!composed.ok) {
      showErrors(composed.errors);
      return;
    }
    setBusy(true);
    const result = await run('rules.add', composed.rule.input);
    setBusy(false);
    if (!result.ok) {
      const place = placeOfRefusal(result.error.field, composed.rule.origins);
      if (place) showErrors({ [place]: result.error.message });
      else setRefused(result.error);
      return;
    }
    setForm(emptyRuleForm);
    setErrors({});
    onAdded(result.value);
    nameField.current?.focus();
  };

  return (
    <form className="panel rule-form" aria-label="Add a rule" onSubmit={(e) => void submit(e)}>
      <h2>Add a rule</h2>
      <TextField {...common('name')} inputRef={nameField} label="Rule name" value={form.name} onChange={set('name')} placeholder="Canada ships boxed" />
      <fieldset className="rule-group">
        <legend>When the order… (empty fields are not tested)</legend>
        <TextField {...common('country')} label="Ships to country" hint="(two letters, any of: CA, MX)" value={form.country} onChange={set('country')} />
        <TextField {...common('state')} label="State or province" hint="(any of: NY, NJ)" value={form.state} onChange={set('state')} />
        <TextField {...common('zip')} label="ZIP or postal code starts with" hint="(any of: 100, 112)" value={form.zip} onChange={set('zip')} />
        <SelectField {...common('residential')} label="Residential address" value={form.residential} onChange={set('residential')} options={yesNo('residential', 'not residential')} />
        <SelectField {...common('poBox')} label="PO box" value={form.poBox} onChange={set('poBox')} options={yesNo('a PO box', 'not a PO box')} />
        <div className="row">
          <SelectField {...common('weightCompare')} label="Weighs" value={form.weightCompare} onChange={set('weightCompare')} options={compares} />
          <TextField {...common('weight')} label="Weight" hint="(12 oz, 1.5 lb, 500 g)" value={form.weight} onChange={set('weight')} />
        </div>
        <div className="row">
          <SelectField {...common('totalCompare')} label="Order total is" value={form.totalCompare} onChange={set('totalCompare')} options={compares} />
          <TextField {...common('total')} label="Dollars" value={form.total} onChange={set('total')} />
        </div>
        <TextField {...common('sku')} label="Has SKU" value={form.sku} onChange={set('sku')} />
        <div className="row">
          <SelectField {...common('itemsCompare')} label="Item count is" value={form.itemsCompare} onChange={set('itemsCompare')} options={compares} />
          <TextField {...common('items')} label="Items" hint="(units)" value={form.items} onChange={set('items')} />
        </div>
        <TextField {...common('store')} label="Store is" hint="(any of, as the export names it)" value={form.store} onChange={set('store')} />
        <TextField {...common('tags')} label="Tagged" hint="(any of: gift, fragile)" value={form.tags} onChange={set('tags')} />
      </fieldset>
      <fieldset className="rule-group">
        <legend>Then set… (empty fields are left to the next rule)</legend>
        <FieldError id="actions" error={errors.actions} />
        <SelectField
          {...common('service')}
          label="Service"
          value={form.service}
          onChange={set('service')}
          options={[['', 'not set'], ['cheapest', 'cheapest'], ['fastest', 'fastest'], ['within', 'cheapest within a number of days'], ['named', 'a service by name']]}
        />
        {form.service === 'within' ? <TextField {...common('serviceDays')} label="Days" value={form.serviceDays} onChange={set('serviceDays')} /> : null}
        {form.service === 'named' ? <TextField {...common('serviceName')} label="Service name" hint="(as the rates list it)" value={form.serviceName} onChange={set('serviceName')} /> : null}
        <SelectField {...common('box')} label="Box preset" value={form.box} onChange={set('box')} options={[['', 'not set'], ...presets.map((p) => [p, p] as const)]} />
        <SelectField {...common('insurance')} label="Insurance" value={form.insurance} onChange={set('insurance')} options={[['', 'not set'], ['amount', 'an amount'], ['orderTotal', 'the order total']]} />
        {form.insurance === 'amount' ? <TextField {...common('insuranceUsd')} label="Insure for (dollars)" value={form.insuranceUsd} onChange={set('insuranceUsd')} /> : null}
        <SelectField
          {...common('signature')}
          label="Signature"
          value={form.signature}
          onChange={set('signature')}
          options={[['', 'not set'], ['signature', 'signature'], ['adult_signature', 'adult signature'], ['usps_signature_restricted', 'USPS restricted signature'], ['usps_adult_signature_restricted', 'USPS restricted adult signature']]}
        />
        <SelectField {...common('saturday')} label="Saturday delivery" value={form.saturday} onChange={set('saturday')} options={[['', 'not set'], ['yes', 'yes'], ['no', 'no']]} />
        <TextField {...common('hold')} label="Hold the order, with this note" value={form.hold} onChange={set('hold')} />
        <SelectField {...common('verification')} label="Scan to verify" value={form.verification} onChange={set('verification')} options={[['', 'not set'], ['skip', 'skipped'], ['required', 'required']]} />
      </fieldset>
      <InlineError error={refused} />
      <button type="submit" className="button primary" disabled={busy || readOnly} aria-keyshortcuts="Alt+A">
        Add rule <Key k="Alt+A" />
      </button>
    </form>
  );
}
