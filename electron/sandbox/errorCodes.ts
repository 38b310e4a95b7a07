/**
 * Every machine code the sandbox answers with, its HTTP status and default
 * human message. v2 failures are `{code, msg, data: null}`; v1 failures are
 * `{message, code}`; the token endpoint answers OAuth-style `{error}`.
 * README.md lists the same table for readers.
 */
export const sandboxErrors = {
  // Generic input and routing
  invalid_request: [400, 'The request body is not valid JSON or not the expected shape.'],
  request_too_large: [413, 'The request body is larger than 5 MB.'],
  invalid_parameter: [400, 'A parameter is missing or invalid.'],
  route_not_found: [404, 'No such endpoint.'],
  method_not_allowed: [405, 'This endpoint does not accept that HTTP method.'],
  // Authentication
  unauthorized: [401, 'A bearer token is required: Authorization: Bearer <access_token>.'],
  token_invalid: [401, 'The access token is not valid.'],
  token_expired: [401, 'The access token has expired; request a new one.'],
  token_revoked: [401, 'The access token was replaced by a newer token for this AppKey.'],
  api_token_missing: [401, 'The api_token query parameter is required.'],
  api_token_invalid: [401, 'Invalid token or account not found.'],
  v2_credentials_on_v1: [403, 'v2 credentials cannot be used on the legacy v1 interface.'],
  // Rating
  quick_rate_batch_empty: [400, 'quick_rate needs at least one rate request.'],
  quick_rate_batch_too_large: [400, 'quick_rate accepts at most 10 rate requests per call.'],
  quick_rate_duplicate_request_id: [400, 'request_unique_id must be unique within one quick_rate call.'],
  address_state_invalid: [400, 'The state is not a U.S. state or territory code.'],
  address_zip_invalid: [400, 'The ZIP code is not a 5-digit or ZIP+4 U.S. ZIP code.'],
  address_country_unsupported: [400, 'Only U.S. domestic addresses are supported.'],
  package_type_invalid: [400, 'package_data.type is not my_package or a known predefined carrier package.'],
  carrier_unknown: [400, 'The carrier is not active on this account.'],
  service_level_unknown: [400, 'The service level does not belong to that carrier.'],
  service_level_not_offered: [400, 'The service level is not offered for this package weight, package type or address type.'],
  ship_date_invalid: [400, 'ship_date must be today or within the next 30 days (YYYY-MM-DD).'],
  // Buying
  rate_not_found: [404, 'No rate with that rate_id.'],
  rate_expired: [409, 'The rate has expired; request new rates.'],
  lithium_battery_service_not_allowed: [400, 'Lithium batteries ship only with USPS Ground Advantage.'],
  hazmat_service_not_allowed: [400, 'Hazardous materials ship only with USPS Ground Advantage.'],
  signature_not_supported: [400, 'This signature option is not offered by the carrier.'],
  return_address_usps_only: [400, 'return_address_data is supported for USPS only.'],
  return_service_requires_usps: [400, 'USPS Returns service levels are USPS only.'],
  carrier_cannot_serve_address: [400, 'The carrier does not deliver to this address.'],
  insurance_value_invalid: [400, 'declared_value must be a positive amount up to 10000 USD.'],
  insurance_rate_not_found: [400, 'insurance_data.rate_id is not an insurance rate from GET /api/shipment/insurance/rate.'],
  // Void
  void_identifier_missing: [400, 'Give exactly one of shipment_no or platform_uk_id.'],
  void_identifier_conflict: [400, 'Give exactly one of shipment_no or platform_uk_id, not both.'],
  shipment_not_found: [404, 'No shipment matches that identifier.'],
  shipment_already_voided: [409, 'This label has already been voided.'],
  shipment_on_scan_form: [409, 'This label is on a SCAN form and can no longer be voided.'],
  // Tracking
  tracking_no_required: [400, 'tracking_no is required.'],
  carrier_code_required: [400, 'carrier_code is required.'],
  platform_uk_id_required: [400, 'platform_uk_id is required.'],
  tracking_not_found: [404, 'No tracking information for that number.'],
  // Pickups
  pickup_package_location_required: [400, 'package_location is required.'],
  pickup_package_location_invalid: [400, 'package_location must hold values from the package location list.'],
  pickup_location_ext_required: [400, 'package_location_ext is required when package_location contains other.'],
  pickup_location_ext_too_long: [400, 'package_location_ext is at most 255 characters.'],
  pickup_carrier_invalid: [400, 'Pickups are available for carrier_code USPS only.'],
  pickup_tracking_nos_required: [400, 'tracking_nos must list at least one tracking number.'],
  pickup_tracking_no_not_found: [400, 'A tracking number is not a shipment of this account.'],
  pickup_tracking_no_not_usps: [400, 'A tracking number is not a USPS shipment.'],
  pickup_tracking_no_voided: [409, 'A tracking number belongs to a voided shipment.'],
  pickup_date_invalid: [400, 'pickup_date must be a future date within 30 days (YYYY-MM-DD).'],
  pickup_location_invalid: [400, 'pickup_location is incomplete or malformed.'],
  pickup_not_found: [404, 'No pickup with that pickup_no.'],
  pickup_already_canceled: [409, 'This pickup is canceled and can no longer be updated or cancelled.'],
  pickup_order_by_required: [400, 'order_by (true or false) is required.'],
  pickup_status_invalid: [400, 'status must be CONFIRMED or CANCELED.'],
  pickup_page_invalid: [400, 'page and page_size must be whole numbers from 1 (page_size at most 200).'],
  // SCAN forms
  scan_form_empty: [400, 'List at least one tracking number.'],
  scan_form_not_usps: [400, 'SCAN forms list USPS shipments only.'],
  scan_form_shipment_voided: [409, 'A voided shipment cannot go on a SCAN form.'],
  scan_form_already_manifested: [409, 'A shipment is already on a SCAN form.'],
  scan_form_not_found: [404, 'No SCAN form with that id.'],
  scan_form_carrier_unsupported: [404, 'No e-commerce SCAN forms for that carrier.'],
  // Proof of delivery
  pod_recipients_missing: [400, 'Give 1 to 3 email recipients for the POD letter.'],
  pod_too_many_recipients: [400, 'A POD letter goes to at most 3 recipients.'],
  pod_recipient_invalid: [400, 'A POD recipient is not a valid email address.'],
  pod_not_usps: [400, 'Proof of Delivery is available for USPS shipments only.'],
  // Legacy v1 orders
  order_not_found: [404, 'Invalid order number or store name.'],
  order_exists: [409, 'An order with that number already exists in the store.'],
  order_has_no_label: [404, 'The order has no purchased label.'],
  order_address_invalid: [400, 'The recipient address failed verification.'],
  rate_already_purchased: [409, 'A label was already bought with this rate_id.'],
  warehouse_name_required: [400, 'order.warehouse_name is required.'],
  service_type_required: [400, 'order.service_type is required to buy directly.'],
  service_type_unknown: [400, 'The service type is not offered by the account.'],
  carrier_account_not_found: [404, 'No carrier account with that carrier_token.'],
  // International shipments
  phone_required: [400, 'A phone number is required for international shipments.'],
  customs_required: [400, 'Customs data is required for international shipments that are not documents.'],
  customs_contents_required: [400, 'custom_data.contents must list at least one item unless contents_type is DOCUMENTS.'],
  customs_itn_required: [400, 'An ITN is required when one HS line is worth more than $2,500 (eel_pfc_type ITN).'],
  service_level_not_international: [400, 'The service level does not ship to that country.'],
  // Limits and faults
  rate_limited: [429, 'Too many requests; retry after the number of seconds in Retry-After.'],
  service_unavailable: [503, 'The service is temporarily unavailable (injected fault).'],
  internal_error: [500, 'Unexpected error in the sandbox.'],
} as const satisfies Record<string, readonly [number, string]>;

export type SandboxErrorCode = keyof typeof sandboxErrors;

export class SandboxError extends Error {
  readonly code: SandboxErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(code: SandboxErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? sandboxErrors[code][1]);
    this.name = 'SandboxError';
    this.code = code;
    this.status = sandboxErrors[code][0];
    this.headers = headers;
  }
}

/** Throws the sandbox failure for `code`, with a more specific message when given. */
export function refuse(code: SandboxErrorCode, message?: string, headers?: Record<string, string>): never {
  throw new SandboxError(code, message, headers);
}
