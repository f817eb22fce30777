/**
 * GET /staff/uploads/types: the six upload types, and where each one is posted. The path of each
 * type lives here once: the API registers its upload endpoints from it and the BFF posts to it.
 */
import { z } from 'zod';
import { UPLOAD_TYPES, type UploadType } from '../../constants.js';

/** Last path segment of POST /staff/uploads/<slug>, per upload type (the old app's paths). */
export const UPLOAD_SLUGS: Record<UploadType, string> = {
  UPLOAD_CORPORATE_ACTIONS: 'corporate-actions',
  UPLOAD_STOCK_PRICE: 'stock-prices',
  UPLOAD_STOCK: 'stocks',
  UPLOAD_FINANCIAL_STATEMENT: 'financial-statement',
  UPLOAD_FINANCIAL_REPORT: 'financial-report',
  UPLOAD_UPDATE_COMPANY_PROFILE: 'upload-company-details',
  UPLOAD_INDEX_PRICES: 'index-prices',
};

/** The path (under the insight service's prefix) a file of `type` is posted to. */
export function uploadEndpoint(type: UploadType): string {
  return `/staff/uploads/${UPLOAD_SLUGS[type]}`;
}

/** What an upload's content may turn out to be (recognised by content, not by the file name). */
export const UPLOAD_FILE_FORMATS = ['csv', 'xls', 'xlsx'] as const;
export const uploadFileFormatSchema = z.enum(UPLOAD_FILE_FORMATS);
export type UploadFileFormat = z.infer<typeof uploadFileFormatSchema>;

export const uploadTypeSchema = z.enum(UPLOAD_TYPES);

export const uploadLayoutDtoSchema = z
  .object({
    id: z.string().describe('Identifier of the layout, e.g. NSE_BHAVCOPY_LEGACY'),
    title: z.string().describe('Name of the layout in words'),
    columns: z.array(z.string()).describe('The columns, by their header names'),
  })
  .describe('A column layout an upload type accepts');
export type UploadLayoutDto = z.infer<typeof uploadLayoutDtoSchema>;

export const uploadTypeDtoSchema = z
  .object({
    type: uploadTypeSchema.describe('The upload type the client sends'),
    label: z.string().describe('Readable name for the type list ("Upload Stock Price")'),
    endpoint: z.string().describe('Where to POST the file (multipart, one part named file)'),
    description: z.string().describe('The accepted layouts, in words'),
    layouts: z.array(uploadLayoutDtoSchema).describe('Accepted column layouts'),
    acceptedFormats: z.array(uploadFileFormatSchema).describe('csv, xls, xlsx: recognised by content'),
    templateUrl: z.string().nullable().describe('A downloadable template, for layouts the project defines'),
  })
  .describe('An upload type');
export type UploadTypeDto = z.infer<typeof uploadTypeDtoSchema>;

export const uploadTypeListSchema = z.array(uploadTypeDtoSchema);

/** GET /staff/uploads/templates/<file>: a template's CSV text. */
export const uploadTemplateSchema = z.string().describe('The template as CSV text');
