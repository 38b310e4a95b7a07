/** An address as the station holds it: the store's order, the Ship screen's form and the service's wire all map to this. */
export interface StationAddress {
  readonly name: string;
  readonly company?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly street: string;
  readonly street2?: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
  readonly residential?: boolean;
}
