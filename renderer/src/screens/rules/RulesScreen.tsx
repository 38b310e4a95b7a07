import { useState } from 'react';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { RuleForm } from './RuleForm';
import { RuleList } from './RuleList';
import { RuleTestPanel } from './RuleTestPanel';

/**
 * Automation rules: "when the order is like this, then set that". The list
 * is the warehouse's in a warehouse; applying the rules is the Ship screen's.
 */
export function RulesScreen() {
  const rules = useQuery('rules.list', {}, ['rules']);
  const presets = useQuery('settings.shipping.get', {}, ['settings']);
  const [picked, setPicked] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const list = rules.data ?? [];
  const shown = list.some((r) => r.id === picked) ? picked : (list[0]?.id ?? null);

  return (
    <section className="screen" aria-label="Rules">
      <h1>Rules</h1>
      <p className="muted">
        Rules are tried from the top. A rule matches when all its conditions hold; each field takes the value of the first matching rule that sets it. The operator can
        still change any of them on the Ship screen.
      </p>
      <InlineError error={rules.error} />
      <div className="grid-2">
        <RuleForm
          presets={(presets.data?.presets ?? []).map((p) => p.name)}
          onAdded={(rule) => {
            setPicked(rule.id);
            setSaid(`Added rule ${rule.id} "${rule.name}", tried after the others.`);
          }}
        />
        <div>
          <RuleList rules={list} picked={shown} onPick={setPicked} said={setSaid} />
          {said ? (
            <p className="success" role="status">
              {said}
            </p>
          ) : null}
          <RuleTestPanel rulesVersion={JSON.stringify(list)} />
        </div>
      </div>
    </section>
  );
}
