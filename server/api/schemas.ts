// Response shapes of the API, for validation-free serialization and the OpenAPI document.
import { PRICE_TYPES } from '../../common/pricing.ts';
import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from '../../common/accounts.ts';
import { IMPACT_FIGURES, type ImpactBasis } from '../../common/impact.ts';

const IMPACT_BASES = Object.keys(IMPACT_FIGURES) as [ImpactBasis, ...ImpactBasis[]];
import { LISTING_CHECKS, MODERATION_STATES } from '../../common/moderation.ts';

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
    role: z.enum(USER_ROLES),
    status: z.enum(USER_STATUSES),
    suspendedUntil: z.string().nullable(),
    statusReason: z.string().nullable(),
    messagesEnabled: z.boolean(),
    messageEmails: z.boolean(),
    whatsapp: z.boolean(),
    viber: z.boolean(),
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
    messagesEnabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserPublic' });

// Any string: an id that is not one of ours is simply not found (404), never a 400.
export const idParams = z.object({ id: z.string() });

export const messageData = z.object({ message: z.string() });

const apiImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number(), variants: z.record(z.string(), z.string()) });

export const productSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    category: z.string(),
    condition: z.string(),
    title: z.string(),
    title_ar: z.string().nullable(),
    title_fr: z.string().nullable(),
    title_en: z.string().nullable(),
    desc: z.string(),
    desc_ar: z.string().nullable(),
    desc_fr: z.string().nullable(),
    desc_en: z.string().nullable(),
    img: z.string().nullable(),
    images: z.array(z.string()),
    photos: z.array(apiImageSchema),
    price: z.number(),
    address: z.string(),
    commune: z.string().nullable(),
    communeName: z.object({ ar: z.string(), fr: z.string(), en: z.string() }).nullable(),
    attributes: z.record(z.string(), z.union([z.string(), z.number()])),
    priceType: z.enum(PRICE_TYPES),
    exchange: z.boolean(),
    status: z.enum(['active', 'inactive']),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    reference: z.string(),
    views: z.number(),
    impact: z.object({ co2eKg: z.number(), basis: z.enum(IMPACT_BASES) }).nullable(),
    expiresAt: z.string(),
    expired: z.boolean(),
    soldAt: z.string().nullable(),
    contact: z.string().optional(),
    // Owner and moderators only.
    moderation: z.enum(MODERATION_STATES).optional(),
    moderationReason: z.string().nullable().optional(),
    moderationChecks: z
      .array(z.object({ check: z.enum(LISTING_CHECKS), detail: z.string().optional(), group: z.string().optional() }))
      .optional(),
    isFavourite: z.boolean().optional().describe('The signed-in reader saved it (absent for visitors)'),
    favourites: z.number().int().optional().describe('How many people saved it (its owner only)'),
  })
  .meta({ id: 'Product' });

export const productWithSellerSchema = productSchema.extend({ seller: publicUserSchema }).meta({ id: 'ProductWithSeller' });

export const uploadedImageSchema = z
  .object({ url: z.string(), key: z.string(), width: z.number(), height: z.number(), variants: z.record(z.string(), z.string()) })
  .meta({ id: 'Image' });
