/** POST /public/contact-messages (Contact Us) and GET /staff/contact-messages. */
import { z } from 'zod';
import { contactSchema } from '../../validation/reference.js';
import { isoTimestampSchema } from '../common.js';

/** Body: firstName, lastName, email, mobileNo (optional, 10 digits), message. */
export const contactMessageBodySchema = contactSchema;
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;
/** The body as the API has it after validation. */
export type ContactMessageValues = z.output<typeof contactMessageBodySchema>;

export const contactMessageReceiptSchema = z.object({
  id: z.number().int(),
  message: z.string().describe('A confirmation to show'),
});
export type ContactMessageReceiptDto = z.infer<typeof contactMessageReceiptSchema>;

export const contactMessageDtoSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobileNo: z.string().nullable(),
    message: z.string(),
    username: z.string().nullable().describe('The sender’s username when they were logged in'),
    createdAt: isoTimestampSchema,
  })
  .describe('A message sent through Contact Us');
export type ContactMessageDto = z.infer<typeof contactMessageDtoSchema>;
