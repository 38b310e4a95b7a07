import {
  EVENT_LIST_KEYS,
  EVENT_LOCATION_KEYS,
  EVENT_STATUS_KEYS,
  EVENT_TEXT_KEYS,
  EVENT_TIME_KEYS,
  INSURANCE_FEE_KEYS,
  ISSUE_TEXT_KEYS,
  LOCATION_PART_KEYS,
  POD_KEYS,
  RATE_LIST_KEYS,
  RATE_PRICE_KEYS,
  SCAN_FORM_ID_KEYS,
  SCAN_FORM_TRACKING_KEY,
  TRACKING_NUMBER_KEYS,
} from './assumptions';
import { LABEL_TEXT_MAX } from './common';

/**
 * The one registry of every guess the station makes about the v2 wire: what
 * it sends where the docs (v2-docs.md sections 1-8) are silent, and how it
 * reads answers they do not show. A test walks every request schema and fails
 * on a key that is neither documented nor named in `fields` here; the lead's
 * closing note lists these entries. A wire capture (`--capture-wire DIR`) of a
 * live account settles each one.
 */
export interface Assumption {
  readonly id: string;
  readonly endpoint: string;
  /** Request keys this guess puts on the wire that the docs do not name (dotted paths inside the body or query); empty when it guesses only a value, a format or an answer. */
  readonly fields: readonly string[];
  readonly assumed: string;
  /** What the guess rests on. */
  readonly evidence: string;
  /** The other plausible shape, kept for when a capture refutes this one. */
  readonly alternative?: string;
  readonly captureReveals: string;
}

const customsContentKeys = ['description', 'quantity', 'value', 'weight', 'hs_tariff_number', 'origin_country'];

export const undocumentedShapes: readonly Assumption[] = [
  {
    id: 'v1-service-fee',
    endpoint: 'POST /api/rates/list, GET /api/rates/buy (v1)',
    fields: [],
    assumed: 'A v1 label costs its rate plus a "system service fee" of $0.05, so the desk shows rate + fee as the price; a rate that carries its own service_fee is read with it.',
    evidence: 'legacy-v1-openapi.yaml: PurchaseLabelResponse has service_fee ("System service fee", example 0.05) beside rate; RatingResponse\'s rates have rate and no fee.',
    alternative: 'a fee that differs by account or carrier, or none',
    captureReveals: 'the service_fee of a bought label next to the rate it was bought from',
  },
  {
    id: 'option-data',
    endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy',
    fields: ['option_data.is_lithium_battery'],
    assumed: 'Options sit in option_data: signature, custom_text_on_label_1/2, hazardous_materials and additional_handing (spelled as the example spells it); is_lithium_battery goes there too, with hazardous_materials true.',
    evidence: 'v2-docs.md 4.3 (the 1.0.5 example body); section 9: the public client sends options inside option_data; is_lithium_battery only in the project spec (changelog 1.3.6).',
    alternative: 'the project spec\'s top-level additional_handling (its changelog 1.2.0 says additional_handing was renamed) and options.signature',
    captureReveals: 'whether a signature or additional handling sent in option_data changes the rate (a fee line), and which spelling the service reads',
  },
  {
    id: 'signature-values',
    endpoint: 'option_data.signature',
    fields: [],
    assumed: 'The values signature, adult_signature, usps_signature_restricted, usps_adult_signature_restricted, in lower case.',
    evidence: 'the project spec\'s options.signature enum; the docs show only a placeholder, and legacy v1 used upper-case values (NO_SIGNATURE, SIGNATURE, ADULT_SIGNATURE).',
    alternative: 'upper-case values as in v1',
    captureReveals: 'a refusal naming the signature value, or a rate without the signature fee',
  },
  {
    id: 'saturday',
    endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy',
    fields: ['require_saturday_delivery'],
    assumed: 'Saturday delivery is asked with a top-level boolean require_saturday_delivery.',
    evidence: 'the project spec\'s option table and changelog 1.2.0; legacy v1 has options.require_saturday_delivery; v2-docs.md is silent.',
    alternative: 'option_data.require_saturday_delivery',
    captureReveals: 'whether the flag changes the rate or the delivery date',
  },
  {
    id: 'package-code',
    endpoint: 'package_data (get_rates, quick_rate, direct_buy)',
    fields: [],
    assumed: 'type is always "my_package"; a carrier\'s box adds carrier_package_code, the legacy v1 code upper-cased (USPS_FLAT_RATE_ENVELOPE), with a nominal 1 x 1 x 1 in size when no size is known; weight in lb and size in in, always named.',
    evidence: 'the 1.0.5 example sends type "my_package" and carrier_package_code "USPS_LETTER" together (v2-docs.md 4.2); the code list is legacy v1\'s (legacy-v1-appendix.md), in lower case there.',
    alternative: 'type set to the package code',
    captureReveals: 'whether codes other than USPS_LETTER are accepted upper-cased, and whether type must change with them',
  },
  {
    id: 'label-text',
    endpoint: 'option_data.custom_text_on_label_1/2',
    fields: [],
    assumed: `custom_text_on_label_1 carries the order number, custom_text_on_label_2 the operator's reference (--reference); each cut to ${LABEL_TEXT_MAX} characters.`,
    evidence: 'the 1.0.5 example shows "text1" and "text2" with no length or purpose stated.',
    captureReveals: 'the longest text accepted and printed, and which line shows where on each carrier\'s label',
  },
  {
    id: 'ship-date',
    endpoint: 'ship_date (get_rates, quick_rate, direct_buy)',
    fields: [],
    assumed: 'ISO 8601 with the station\'s UTC offset: now for today, noon for another day (shipping/wireMap.ts toWireShipDate).',
    evidence: 'the 1.0.5 example "2025-07-31T00:00:00+08:00"; v2\'s format is not in the stored copy.',
    alternative: 'a bare YYYY-MM-DD date',
    captureReveals: 'whether v2 accepts the offset form, and which calendar day it reads',
  },
  {
    id: 'quick-rate-body',
    endpoint: 'POST /api/shipment/batch/quick_rate',
    fields: [],
    assumed: 'The body is a bare JSON array of 1 to 10 rate items.',
    evidence: 'v2\'s field list starts with the item fields, with no wrapper (v2-docs.md 3.2); the second public client sends a bare list (section 9).',
    alternative: 'the 1.0.5 body {"rate_requests": [...]}',
    captureReveals: 'whether quick_rate accepts the bare list',
  },
  {
    id: 'length-caps',
    endpoint: 'every request schema',
    fields: [],
    assumed: `The station refuses before sending: names and company 100 characters, street 255, city 100, state 50, ZIP 20, phone 30, email 120, platform_uk_id and request_unique_id 64, label texts ${LABEL_TEXT_MAX}; a side at most 120 in, a weight at most 2400; insurance at most 10,000 USD.`,
    evidence: 'none: the stored docs give no maxLength or maximum; the caps are the station\'s own, set wide.',
    captureReveals: 'a refusal naming a length or a limit',
  },
  {
    id: 'custom-data',
    endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy (custom_data); create_and_pay, direct_buy answers (customs forms)',
    fields: ['custom_data.contents_type', 'custom_data.non_delivery_option', 'custom_data.eel_pfc_type', 'custom_data.eel_pfc_code', 'custom_data.contents', ...customsContentKeys.map((k) => `custom_data.contents.${k}`)],
    assumed:
      'custom_data mirrors v1: contents_type (GIFT, MERCHANDISE, SAMPLE, RETURNED_GOODS, DOCUMENTS), non_delivery_option (RETURN, ABANDON), eel_pfc_type (ITN, EXEMPTION_CODE), eel_pfc_code, contents[] of {description, quantity, value (USD per unit), weight (lb per unit), hs_tariff_number, origin_country}. Customs forms come back as base64 images under customs_form_data, or as URLs under commercial_invoice_urls / commercial_invoice_url (v1 names), PNG or PDF.',
    evidence: 'v2-docs.md 4.4: custom_data exists, "fields not in the stored copy"; the names are legacy-v1-openapi.yaml\'s ShipmentRequest order fields.',
    captureReveals: 'the custom_data field names and units, whether value and weight are per unit or per line, and where the answer puts CN22/CN23 forms',
  },
  {
    id: 'duties-and-taxes',
    endpoint: 'get_rates, create_and_pay, direct_buy (v2); rates/list, rates/buy-label (v1)',
    fields: [],
    assumed: 'No duties-and-taxes payment option exists: the recipient pays as the carrier bills (delivered duty unpaid); the recipient\'s tax IDs (v1 order.tax_ids) are not sent.',
    evidence: 'neither v2-docs.md nor legacy-v1-openapi.yaml has a DDP/DDU, bill-to or incoterm field.',
    captureReveals: 'whether the service has a field for duties paid by the shipper, and what it is called',
  },
  {
    id: 'insurance-rate',
    endpoint: 'GET /api/shipment/insurance/rate',
    fields: ['declared_value'],
    assumed: `Query declared_value (USD) and service_level; the answer carries rate_id (documented by create_and_pay) and the fee under one of ${INSURANCE_FEE_KEYS.join(', ')} (unknown when none is present).`,
    evidence: 'v2\'s page is missing (v2-docs.md 3.7); the public client of the sister API asks declared_value with service_level and reads {carrier, service_level, declared_value, rate, rate_id} (section 9).',
    alternative: 'insured_value (USD) with carrier_code and service_level, the station\'s earlier guess',
    captureReveals: 'the query parameter names and the fee field',
  },
  {
    id: 'insurance-pay',
    endpoint: 'POST /api/shipment/create_and_pay (insurance_data)',
    fields: ['insurance_data.coverage', 'insurance_data.currency', 'insurance_data.rate', 'insurance_data.service_level'],
    assumed: 'insurance_data carries rate_id and, beside it, coverage (the declared value), currency, rate (the quoted fee, when the quote gave one) and service_level.',
    evidence: 'only insurance_data.rate_id is documented (v2-docs.md 3.4); the sister API\'s public client pays with coverage (required there), currency, rate, rate_id and service_level (section 9).',
    alternative: 'insurance_data with rate_id alone',
    captureReveals: 'whether the extra fields are read, or refused',
  },
  {
    id: 'direct-buy',
    endpoint: 'POST /api/shipment/direct_buy',
    fields: [],
    assumed: 'direct_buy sells any carrier and level of its enum (an address changed only in form after rating, lithium batteries, returns), with the rating request\'s addresses, package, options and ship_date, and a label_print_type.',
    evidence: 'its service_level enum lists ordinary levels (v2-docs.md 5.2), while its page says it "currently supports USPS Returns service levels"; its fields after service_level are not in the stored copy.',
    alternative: 'buy ordinary labels only from a quote, re-rating the standardized address in the background as soon as it is known',
    captureReveals: 'a direct_buy of an ordinary level in test mode, and the remaining field names',
  },
  {
    id: 'rate-request-extras',
    endpoint: 'POST /api/shipment/get_rates, quick_rate, direct_buy',
    fields: [],
    assumed: 'address_type "commercial" is sent for a known business address although only "residential" appears in the docs; the insurance amount is never sent on a rate request.',
    evidence: 'v2-docs.md 5.5: address_type has only the example value residential.',
    captureReveals: 'a refusal naming address_type, and whether rates change with it',
  },
  {
    id: 'void-request',
    endpoint: 'POST /api/shipment/void_label',
    fields: ['shipment_no'],
    assumed: 'Body {platform_uk_id} (or shipment_no); the answer is not read beyond the envelope: code "ok" means voided.',
    evidence: 'no v2 page (v2-docs.md 3.6); the project spec names shipment_no or platform_uk_id.',
    captureReveals: 'the body field names, and whether the answer carries a refund amount or status worth showing',
  },
  {
    id: 'scan-form',
    endpoint: 'POST /api/scan_form/create_scan_form',
    fields: [SCAN_FORM_TRACKING_KEY],
    assumed: `Body {${SCAN_FORM_TRACKING_KEY}: [...]}; the answer's scan_form_image (spec) is the PDF URL; the form id under one of ${SCAN_FORM_ID_KEYS.join(', ')} if any. The write is one-shot: an answer that cannot be read still records the form as made.`,
    evidence: 'no page (v2-docs.md 3.16); tracking_nos is pickup/add\'s name for the same list.',
    captureReveals: 'the request field name and the answer fields',
  },
  {
    id: 'pod',
    endpoint: 'POST /api/shipment/submit_pod',
    fields: [POD_KEYS.emails],
    assumed: `Body {${POD_KEYS.tracking}, ${POD_KEYS.emails}: [1..3]}; the answer's transaction_message (spec) shown when present.`,
    evidence: 'no page (v2-docs.md 3.17); the project spec says 1 to 3 recipients.',
    captureReveals: 'the request field names',
  },
  {
    id: 'purchase-answer',
    endpoint: 'POST /api/shipment/create_and_pay, /api/shipment/direct_buy',
    fields: [],
    assumed: `Tracking number under one of ${TRACKING_NUMBER_KEYS.join(', ')}; labels as label_data (base64 PNG) and/or label_urls (spec); everything else (fees, shipment_no, carrier, service) optional and taken from the request when absent. An answer without them goes to the label salvage (any tracking-like string, any base64 PNG, any URL).`,
    evidence: 'only duplicate_label is documented (v2-docs.md 3.4, 3.5); the public clients read tracking_no, shipment_no, total_fee, label_image_urls / label_urls (section 9).',
    captureReveals: 'the real field names for tracking number, fees, shipment number, carrier and service; whether label_data is always filled',
  },
  {
    id: 'rate-answer',
    endpoint: 'POST /api/shipment/get_rates, /api/shipment/batch/quick_rate',
    fields: [],
    assumed: `data is an object with the rate list under one of ${RATE_LIST_KEYS.join(', ')} (or data is the list itself); quick_rate answers a list of {request_unique_id, <rate list>}; price under one of ${RATE_PRICE_KEYS.join(', ')}, and when two of them are present with different amounts the rate is refused with words (listed beside the quote like a carrier's error), never shown at either price; carrier_code/service_level/service_name/delivery_days optional; the service's marks read from the rate (is_cheapest, is_fastest) or the answer (data.cheapest, data.fastest as a rate, a rate_id or a list), the delivery date under delivery_date, estimated_delivery_date or estimate_delivery_date, shown as written; delivery_days may be a number, a string, "" or a range ("2-5", read as its upper bound); a rate that cannot be read is left out, never the whole quote.`,
    evidence: 'the response schema is not in the stored copy (v2-docs.md 3.3 says results are sorted by fastest and cheapest); the public client reads data.shipment_rate_data, data.cheapest, data.fastest, price, retail_price and delivery_date (section 9).',
    captureReveals: 'the rate object field names and types, the error list shape, whether quick_rate wraps its answer',
  },
  {
    id: 'tracking-record',
    endpoint: 'GET /api/shipment/tracking_by_platform_uk_id, tracking_by_tracking_no, direct/tracking_by_tracking_no',
    fields: [],
    assumed: `data is one latest-record object; events under one of ${EVENT_LIST_KEYS.join(', ')}; an event's time/status/text/place under the first present of ${EVENT_TIME_KEYS[0]}.., ${EVENT_STATUS_KEYS[0]}.., ${EVENT_TEXT_KEYS[0]}.., ${EVENT_LOCATION_KEYS[0]}..; location objects joined from ${LOCATION_PART_KEYS.join(', ')} or shown as given when a string.`,
    evidence: 'tracking_events and the location objects are named but their shapes are not in the stored copy (v2-docs.md 3.8-3.10).',
    captureReveals: 'the event and location object shapes, the status enum tail, the direct endpoint fields',
  },
  {
    id: 'pickup-answers',
    endpoint: 'POST /api/shipment/pickup/add, GET pickup/list, GET pickup/package/location/list',
    fields: [],
    assumed: 'add: only pickup_no is needed (to cancel); list items: only pickup_no is needed, tracking_nos read when present; location list: strings, or objects whose first string field is the value.',
    evidence: 'the list item fields are cut off and the location list page is missing (v2-docs.md 3.13, 3.14).',
    captureReveals: 'the list item fields and the location list item shape',
  },
  {
    id: 'address-issues',
    endpoint: 'POST /api/address/validate',
    fields: [],
    assumed: `errors / corrections items are strings or objects with text under one of ${ISSUE_TEXT_KEYS.join(', ')}.`,
    evidence: 'the arrays are documented, their items not (v2-docs.md 3.15); v1 uses {code, message}; the public client reads errors[].message.',
    captureReveals: 'the item shape of errors and corrections',
  },
];
