import { carrierWords } from '../../../../shared/domain/operatorWords';
import { formatMoney } from '../../../../shared/domain/money';

/** Carrier colours, told apart by people with the common colour-vision deficiencies (Okabe–Ito), in carrier order. */
const palette = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#000000', '#f0e442'] as const;

export const colorOf = (carriers: readonly string[], carrier: string): string => palette[Math.max(0, carriers.indexOf(carrier)) % palette.length] ?? palette[0];

export const usd = (cents: number): string => formatMoney(cents);

/** "" is a label the service named no carrier for. */
export const carrierName = (carrier: string): string => (carrier ? carrierWords(carrier) : 'Other');

const pad = (n: number): string => String(n).padStart(2, '0');
export const localDay = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** An axis top a little above the tallest bar, on a round number of dollars. */
export function axisTop(cents: number): number {
  if (cents <= 0) return 100;
  const step = 10 ** Math.floor(Math.log10(cents));
  return Math.ceil(cents / step) * step;
}

/** ← → (or ↑ ↓) Home End over a list of `count`: the index focus moves to, or null for any other key. */
export function nextIndex(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(count - 1, at + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, at - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
