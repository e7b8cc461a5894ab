// The response envelope of docs/api.md, as zod schemas so routes declare and document it.
import { z } from 'zod';

export const errorBody = z
  .object({
    success: z.literal(false),
    code: z.string(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export const paginationSchema = z
  .object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'Pagination' });

export function okBody<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export function listBody<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

export const ok = <T>(data: T) => ({ success: true as const, data });
