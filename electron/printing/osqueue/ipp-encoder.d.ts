// The parts of ipp-encoder (plain JavaScript, no types of its own) the IPP client uses.
declare module 'ipp-encoder' {
  export type IppValue = string | number | boolean | { readonly lang: string; readonly value: string };
  export interface IppAttribute {
    readonly tag: number;
    readonly name: string;
    readonly value: readonly IppValue[];
  }
  export interface IppGroup {
    readonly tag: number;
    readonly attributes: readonly IppAttribute[];
  }
  export interface IppRequest {
    readonly version?: { readonly major: number; readonly minor: number };
    readonly operationId: number;
    readonly requestId: number;
    readonly groups: readonly IppGroup[];
    readonly data?: Buffer;
  }
  export interface IppResponse {
    readonly version: { readonly major: number; readonly minor: number };
    readonly statusCode: number;
    readonly requestId: number;
    readonly groups: readonly IppGroup[];
  }
  export const CONSTANTS: Readonly<Record<string, number>>;
  export const STATUS_CODES: Readonly<Record<number, string>>;
  export const request: {
    encode(obj: IppRequest, buf?: Buffer, offset?: number): Buffer;
    encodingLength(obj: IppRequest): number;
  };
  export const response: {
    decode(buf: Buffer, start?: number, end?: number): IppResponse;
  };
}
