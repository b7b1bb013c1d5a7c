import * as v from 'valibot';
import { singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';
import { PaymentOptionsMessage } from './payment-options.messages.js';

// Isomorphic: the wire schema and types of an event's payment options (the registration fee), imported by the
// server and the client.
//
// /rest/paymentoptionsservice/v1/runningdinner/:adminId
//   GET     the options, or `null` (200) when the event takes no fee: having none is a state, not a wrong link
//           (a 404 would also count against the caller's guess limit).
//   POST    creates them (201), 409 payment_options_exist when the event has some.
//   PUT     …/:paymentOptionsId changes them; DELETE …/:paymentOptionsId removes them (204). Another event's or an
//           unknown id, or an event without options: 404. Once a registration is paid the price stays (409
//           registrations_paid) and the options cannot be removed; name and links may still change.
//
// An event has at most one set of options (the table is keyed by the event). Their id is an opaque UUID the server
// derives from the event, so it needs no column and tells nothing about the event's ids; it stays the same when the
// options are removed and created again, since it names the event's options, not a version of them.

/** The currency of every fee. */
export const CURRENCY = 'EUR';
const MIN_PRICE_CENTS = 50;
const MAX_PRICE_CENTS = 1_000_000;
const MAX_BRAND_NAME = 127;
const MAX_LINK = 512;

/** "19.99", "0.5", "12": euros with '.' as the decimal separator and at most 2 decimals; a sign only to say "too low". */
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A price in euros as whole cents, exactly: "19.99" and 19.99 → 1999, "0.5" → 50. A number is read as the shortest
 * decimal that names it (String(19.99) is "19.99"), so no floating-point error creeps in. Null when it is no such
 * decimal ("1,50", "1.999", "1e3", NaN); out-of-range values are answered as they are, for the caller to refuse.
 */
export function priceCentsOf(price: string | number): number | null {
  const text = typeof price === 'number' ? (Number.isFinite(price) ? String(price) : '') : price.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, euros, decimals = ''] = match;
  const cents = Number(euros) * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Whole cents as the euro amount the wire answers: 1999 → 19.99. */
export const euros = (cents: number): number => cents / 100;

/** A JSON number or a string in euros; parsed to whole cents. */
const priceSchema = v.pipe(
  v.union([v.string(), v.number()], PaymentOptionsMessage.price.id),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const cents = priceCentsOf(dataset.value);
    if (cents === null) addIssue({ message: PaymentOptionsMessage.price.id });
    else if (cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS)
      addIssue({ message: PaymentOptionsMessage.priceRange.id });
    else return cents;
    return NEVER;
  }),
);

/** A complete https link with a host ("https:example.org" too is refused, though a URL parser would take it). */
function isHttpsLink(link: string): boolean {
  if (!/^https:\/\/[^\s/?#]+/i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Optional: missing, null and "" mean no link. The participant's browser is sent there, so https only. */
const linkSchema = v.optional(
  v.nullable(
    v.pipe(
      singleLineText(msgId('invalidValue')),
      v.maxLength(MAX_LINK, msgId('tooLong')),
      v.check((link) => link === '' || isHttpsLink(link), PaymentOptionsMessage.httpsLink.id),
      v.transform((link) => (link === '' ? null : link)),
    ),
  ),
  null,
);

/** POST and PUT: the whole options. `currency` may be sent back as answered; it can only be EUR. */
export const paymentOptionsSchema = v.pipe(
  v.strictObject(
    {
      /** The organiser's name on the payment page. */
      brandName: v.pipe(
        singleLineText(msgId('required')),
        v.nonEmpty(msgId('required')),
        v.maxLength(MAX_BRAND_NAME, msgId('tooLong')),
      ),
      /** The fee of one registration in euros: a JSON number (19.99) or a string ("19.99"). */
      pricePerRegistration: priceSchema,
      currency: v.optional(v.picklist([CURRENCY], msgId('invalidValue')), CURRENCY),
      /** The organiser's terms. */
      agbLink: linkSchema,
      /** Where the participant's browser goes after paying. */
      redirectAfterPurchaseLink: linkSchema,
    },
    msgId('unknownField'),
  ),
  v.transform(({ pricePerRegistration, currency: _currency, ...rest }) => ({
    ...rest,
    pricePerRegistrationCents: pricePerRegistration,
  })),
);
export type PaymentOptionsValues = v.InferOutput<typeof paymentOptionsSchema>;

/** What GET, POST and PUT answer. */
export interface PaymentOptions {
  /** Names these options in PUT and DELETE. */
  id: string;
  brandName: string;
  /** In euros, a JSON number with at most 2 decimals: 19.99. */
  pricePerRegistration: number;
  /** The same in whole cents, for arithmetic without floating point: 1999. */
  pricePerRegistrationCents: number;
  currency: typeof CURRENCY;
  agbLink: string | null;
  redirectAfterPurchaseLink: string | null;
}
