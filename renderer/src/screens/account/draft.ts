import type { AddressDraft } from '../../ui/AddressForm';

/** An order package as the Account screen passes it between sections (typed text, not yet checked). */
export interface V1OrderDraft {
  readonly storeName: string;
  readonly orderNumber: string;
  readonly warehouseName: string;
  readonly to: AddressDraft;
  readonly pkg: PackageDraft;
}

export type PackageDraft = Record<'weightOz' | 'lengthIn' | 'widthIn' | 'heightIn', string>;

export const emptyPackage: PackageDraft = { weightOz: '', lengthIn: '', widthIn: '', heightIn: '' };

/** A typed number, or undefined so the contract names the empty field in words. */
export const numberOrUndefined = (text: string): number | undefined => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** A number the command requires: a blank or typo goes as NaN, which the contract refuses in words naming the field. */
const requiredNumber = (text: string): number => numberOrUndefined(text) ?? Number.NaN;

/** A package whose size is required (v1 rating and buying). */
export function sizedPackageFrom(p: PackageDraft) {
  return { weightOz: requiredNumber(p.weightOz), lengthIn: requiredNumber(p.lengthIn), widthIn: requiredNumber(p.widthIn), heightIn: requiredNumber(p.heightIn) };
}

/** A package whose size may be left blank (a v1 order). */
export function orderPackageFrom(p: PackageDraft) {
  const length = numberOrUndefined(p.lengthIn);
  const width = numberOrUndefined(p.widthIn);
  const height = numberOrUndefined(p.heightIn);
  return {
    weightOz: requiredNumber(p.weightOz),
    ...(length === undefined ? {} : { lengthIn: length }),
    ...(width === undefined ? {} : { widthIn: width }),
    ...(height === undefined ? {} : { heightIn: height }),
  };
}
