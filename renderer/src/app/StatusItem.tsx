export type Tone = 'ok' | 'warn' | 'bad' | 'idle';

export function StatusItem({ label, value, tone }: { readonly label: string; readonly value: string; readonly tone: Tone }) {
  return (
    <div className={`status-item tone-${tone}`} aria-label={label}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span>
      <span className="status-value">{value}</span>
    </div>
  );
}
