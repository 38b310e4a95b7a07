/**
 * Just enough of a HID report descriptor walk to answer three questions:
 * is this a scale (usage page 0x8D), which report id carries the weight, and
 * can the computer zero it (a "Zero Scale" usage in an output or feature
 * report), at which bit.
 */

export const SCALE_USAGE_PAGE = 0x8d;
const USAGE_DATA_WEIGHT = 0x40;
const USAGE_SCALE_STATUS = 0x70;
const USAGE_ZERO_SCALE = 0x80;

export interface ZeroCommand {
  readonly reportId: number;
  readonly reportType: 'output' | 'feature';
  /** Payload bytes after the report id, with the Zero Scale bit set. */
  readonly payload: readonly number[];
}

export interface ScaleDescriptor {
  readonly isScale: boolean;
  readonly dataReportId: number | undefined;
  readonly zero: ZeroCommand | undefined;
}

type MainKind = 'input' | 'output' | 'feature';

export function parseHidDescriptor(bytes: Uint8Array): ScaleDescriptor {
  let usagePage = 0;
  let reportId = 0;
  let reportSize = 0;
  let reportCount = 0;
  let usages: number[] = [];
  let isScale = false;
  let dataReportId: number | undefined;
  let zero: { reportId: number; reportType: 'output' | 'feature'; bit: number } | undefined;
  // Bits used so far in each (report, kind), to find where a field starts.
  const offsets = new Map<string, number>();
  const stack: Array<{ usagePage: number; reportSize: number; reportCount: number; reportId: number }> = [];

  let i = 0;
  while (i < bytes.length) {
    const prefix = bytes[i] ?? 0;
    if (prefix === 0xfe) {
      // Long item: skip its data.
      i += 3 + (bytes[i + 1] ?? 0);
      continue;
    }
    const size = [0, 1, 2, 4][prefix & 0x03] ?? 0;
    let data = 0;
    for (let k = 0; k < size; k += 1) data |= (bytes[i + 1 + k] ?? 0) << (8 * k);
    data >>>= 0;
    const type = (prefix >> 2) & 0x03;
    const tag = prefix >> 4;
    i += 1 + size;

    if (type === 1) {
      // Global items.
      if (tag === 0x0) usagePage = data;
      else if (tag === 0x7) reportSize = data;
      else if (tag === 0x8) reportId = data;
      else if (tag === 0x9) reportCount = data;
      else if (tag === 0xa) stack.push({ usagePage, reportSize, reportCount, reportId });
      else if (tag === 0xb) ({ usagePage, reportSize, reportCount, reportId } = stack.pop() ?? { usagePage, reportSize, reportCount, reportId });
      if (usagePage === SCALE_USAGE_PAGE) isScale = true;
      continue;
    }
    if (type === 2) {
      // Local items: a 4-byte usage carries its own page in the high half.
      if (tag === 0x0) {
        const page = size === 4 ? data >>> 16 : usagePage;
        if (page === SCALE_USAGE_PAGE) {
          isScale = true;
          usages.push(data & 0xffff);
        } else usages.push(-1);
      }
      continue;
    }
    if (type === 0) {
      // Main items: Input 0x8, Output 0x9, Feature 0xB, Collection 0xA, End 0xC.
      const kind: MainKind | undefined = tag === 0x8 ? 'input' : tag === 0x9 ? 'output' : tag === 0xb ? 'feature' : undefined;
      if (kind) {
        const key = `${reportId}:${kind}`;
        const start = offsets.get(key) ?? 0;
        if (usagePage === SCALE_USAGE_PAGE || usages.some((u) => u >= 0)) {
          if (kind === 'input' && (usages.includes(USAGE_DATA_WEIGHT) || usages.includes(USAGE_SCALE_STATUS))) dataReportId ??= reportId;
          const zeroIndex = usages.indexOf(USAGE_ZERO_SCALE);
          if (kind !== 'input' && zeroIndex >= 0 && zeroIndex < reportCount && !zero) {
            zero = { reportId, reportType: kind, bit: start + zeroIndex * reportSize };
          }
        }
        offsets.set(key, start + reportSize * reportCount);
      }
      usages = [];
    }
  }

  let command: ZeroCommand | undefined;
  if (zero) {
    const length = Math.ceil((offsets.get(`${zero.reportId}:${zero.reportType}`) ?? zero.bit + 1) / 8);
    const payload = new Array<number>(Math.max(1, length)).fill(0);
    payload[Math.floor(zero.bit / 8)] = 1 << zero.bit % 8;
    command = { reportId: zero.reportId, reportType: zero.reportType, payload };
  }
  return { isScale, dataReportId, zero: command };
}
