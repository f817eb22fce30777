/** The uploaded-dates calendar: GET /staff/uploads/stock-price/uploaded-dates and …/date-counts. */
import { z } from 'zod';

export const uploadedDatesSchema = z
  .array(z.string().describe('YYYY-MM-DD'))
  .describe('Trading days that have prices, ascending');

export const uploadedDateCountDtoSchema = z.object({
  tradeDate: z.string().describe('YYYY-MM-DD'),
  rowCount: z.number().int().describe('Price rows (every series) of the day'),
});
export type UploadedDateCountDto = z.infer<typeof uploadedDateCountDtoSchema>;

export const uploadedDateCountsSchema = z.array(uploadedDateCountDtoSchema);
