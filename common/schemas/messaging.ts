// What a message may be, for the API, the conversation page's form and the tests.
import { z } from 'zod';
import { MESSAGE_MAX_CHARS, MESSAGES_PAGE_MAX } from '../constants.ts';
import { isStorableText } from './text.ts';

// Trimmed: a message of spaces is an empty message.
export const messageBodySchema = z
  .string({ error: 'chatMessageRequired' })
  .trim()
  .min(1, 'chatMessageRequired')
  .max(MESSAGE_MAX_CHARS, 'chatMessageMax')
  .refine(isStorableText, 'invalidValue');

export const startConversationSchema = z.object({
  productId: z.string({ error: 'required' }).min(1, 'required'),
  message: messageBodySchema,
});

export const sendMessageSchema = z.object({ body: messageBodySchema });

export const messagesQuerySchema = z.object({
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_MAX),
});
