import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/rules.js';
import { chargeFormSchema } from './charge-form.js';

describe('charge form', () => {
  it("answers the spec's message for every missing field", () => {
    const result = chargeFormSchema.safeParse({
      brokerageFirmId: '',
      chargeTypeId: '',
      segmentId: '',
      amount: '',
      percentage: '',
      exchange: '',
      onBuySell: '',
      effectiveDate: '',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error as never)).toEqual({
      brokerageFirmId: 'Brokerage Firm is required!',
      chargeTypeId: 'Charge Type is required!',
      segmentId: 'Segment is required!',
      amount: 'Amount is required!',
      percentage: 'Percentage is required!',
      exchange: 'Exchange is required!',
      onBuySell: 'Buy/Sell is required!',
      effectiveDate: 'EffectiveDate is required!',
    });
  });

  it('accepts a full charge with an optional description', () => {
    const values = {
      brokerageFirmId: '1',
      chargeTypeId: '2',
      segmentId: '3',
      amount: '20',
      percentage: '0.03',
      exchange: 'NSE',
      onBuySell: 'BOTH',
      effectiveDate: '2025-01-01',
      description: '',
    };
    expect(chargeFormSchema.safeParse(values).success).toBe(true);
    expect(chargeFormSchema.safeParse({ ...values, amount: '-1' }).success).toBe(false);
  });
});
