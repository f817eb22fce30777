/**
 * Validation of reference data, holdings, companies, plans, contact and instruments
 * (docs/product/README.md#validation-and-messages).
 */
import { z } from 'zod';
import { EXCHANGES } from '../constants.js';
import { MESSAGES } from './messages.js';
import { optionalSellPriceField, priceField, quantityField } from './trade.js';
import {
  idValue,
  optionalMobile,
  optionalText,
  requiredDate,
  requiredDecimal,
  requiredInteger,
  optionalInteger,
  requiredMobile,
  requiredText,
  symbolText,
  email,
  MAX_LONG_TEXT_LENGTH,
} from './rules.js';

export const brokerSchema = z.object({
  name: requiredText(MESSAGES.broker.nameRequired, 'Name', 100),
  address: requiredText(MESSAGES.broker.addressRequired, 'Address', 500),
  contactNumber: requiredMobile(MESSAGES.broker.contactNumberRequired, MESSAGES.broker.contactNumberInvalid),
});

/** Segments, charge types (and roles) have one field, name. */
export const namedEntitySchema = z.object({
  name: requiredText(MESSAGES.name.required, 'Name', 100),
});

const refById = (message: string) =>
  z
    .object({ id: idValue(message).optional(), name: z.string().optional() }, { error: message })
    .refine((ref) => ref.id !== undefined || (ref.name !== undefined && ref.name.trim() !== ''), message);

export const chargeSchema = z.object({
  brokerageFirm: refById(MESSAGES.charge.brokerageFirmRequired),
  chargeType: refById(MESSAGES.charge.chargeTypeRequired),
  segment: refById(MESSAGES.charge.segmentRequired),
  amount: requiredDecimal(MESSAGES.charge.amountRequired, 'Amount', { nonNegative: true, maxDecimals: 4 }),
  percentage: requiredDecimal(MESSAGES.charge.percentageRequired, 'Percentage', { nonNegative: true, maxDecimals: 6 }),
  description: optionalText('Description', 500),
  exchange: z.enum(EXCHANGES, { error: MESSAGES.charge.exchangeRequired }),
  onBuySell: z.enum(['BUY', 'SELL', 'BOTH'], { error: MESSAGES.charge.onBuySellRequired }),
  effectiveDate: requiredDate(MESSAGES.charge.effectiveDateRequired, 'Effective date'),
});

export const holdingSchema = z.object({
  symbol: symbolText(MESSAGES.holding.symbolRequired),
  price: priceField(MESSAGES.holding.priceRequired),
  sellPrice: optionalSellPriceField(),
  exchange: z.enum(EXCHANGES, { error: MESSAGES.holding.exchangeRequired }),
  quantity: quantityField(MESSAGES.holding.quantityRequired),
  creationDate: requiredDate(MESSAGES.holding.buyingDateRequired, 'Buying date'),
  sellingDate: z
    .string()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(requiredDate(MESSAGES.holding.sellingDateRequired, 'Selling date').optional()),
  brokerageFirm: refById('Brokerage Firm is required!'),
  instrumentType: requiredText('Segment is required!', 'Instrument type', 100),
});

export const contactSchema = z.object({
  firstName: requiredText(MESSAGES.contact.firstNameRequired, 'First name', 100),
  lastName: requiredText(MESSAGES.contact.lastNameRequired, 'Last name', 100),
  email: email(MESSAGES.contact.emailRequired),
  mobileNo: optionalMobile(MESSAGES.signup.mobileInvalid),
  message: requiredText(MESSAGES.contact.messageRequired, 'Message', MAX_LONG_TEXT_LENGTH),
});

export const financialInstrumentSchema = z.object({
  type: requiredText(MESSAGES.financialInstrument.typeRequired, 'Type', 100),
  description: optionalText('Description', 500),
});

const company = MESSAGES.company;
export const companySchema = z.object({
  companyName: requiredText(company.companyNameRequired, 'Company Name', 200),
  industry: requiredText(company.industryRequired, 'Industry', 200),
  symbol: symbolText(company.symbolRequired),
  series: requiredText(company.seriesRequired, 'Series', 10),
  isinCode: requiredText(company.isinCodeRequired, 'Isin Code', 12).regex(
    /^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$/,
    'Enter a valid ISIN: 12 characters, e.g. INE002A01018',
  ),
  paidUpValue: requiredDecimal(company.paidUpValueRequired, 'Paid Up Value', { nonNegative: true }),
  dateOfListing: requiredDate(company.dateOfListingRequired, 'Date Of Listing'),
  marketLot: requiredInteger(company.marketLotRequired, 'Market Lot', { min: 1 }),
  faceValue: requiredDecimal(company.faceValueRequired, 'Face Value', { nonNegative: true }),
});

const subscription = MESSAGES.subscription;
/** A plan's API quota: at least one a day (or a minute), at most a hundred million. */
export const PLAN_QUOTA_RANGE = { min: 1, max: 100_000_000 } as const;

export const subscriptionPlanSchema = z.object({
  name: requiredText(subscription.nameRequired, 'Name', 100),
  description: requiredText(subscription.descriptionRequired, 'Description', 1000),
  price: requiredDecimal(subscription.priceRequired, 'Price', { nonNegative: true, maxDecimals: 2 }),
  durationInDays: requiredInteger(subscription.durationInDaysRequired, 'Duration In Days', { min: 1, max: 3650 }),
  /** The plan's API quota (docs/product/developer.md#quotas); left out: the free quota on a new plan, unchanged on an edit. */
  apiDailyRequests: optionalInteger('API requests a day', PLAN_QUOTA_RANGE),
  apiPointsPerMinute: optionalInteger('API points a minute', PLAN_QUOTA_RANGE),
});

export const subscribeSchema = z.object({
  planId: idValue('planId'),
  userId: idValue('userId'),
});
