// Response shapes of the API, for validation-free serialization and the OpenAPI document.
import { z } from 'zod';

export const selfUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    bio: z.string().nullable(),
    image: z.string().nullable(),
    isVerified: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'UserSelf' });

export const publicUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    address: z.string().nullable(),
    bio: z.string().nullable(),
    isVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserPublic' });

// Any string: an id that is not one of ours is simply not found (404), never a 400.
export const idParams = z.object({ id: z.string() });

export const messageData = z.object({ message: z.string() });
