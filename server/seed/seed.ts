// The demo catalogue: one verified demo seller and realistic listings with
// locally generated photos, so a fresh `npm start` shows a living marketplace.
// Its rows carry what no service method takes (a verified, back-dated seller; back-dated
// listings with counters), so it writes them through the repositories the services use;
// the photos go through the upload service like a seller's.
import { withTransaction } from '../../db/client.ts';
import type { Image } from '../../db/schema.ts';
import { insertListing } from '../repositories/listings.ts';
import { hasUsers, insertUser } from '../repositories/users.ts';
import type { Services } from '../services/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { DEMO_LISTINGS, DEMO_SELLER } from './demo-listings.ts';
import { DEMO_DETAILS } from './demo-details.ts';
import { communeBelongsTo } from '../../common/communes.ts';
import { listingDetailIssues } from '../../common/schemas/product.ts';
import { renderDemoPhoto } from './demo-photos.ts';

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_MODERATOR_EMAIL = 'moderator@ecosouk.dz';

export interface SeedResult {
  email: string;
  password: string;
  listings: number;
}

export async function seedDemoCatalogue(
  services: Services,
  options: { onlyIfEmpty: boolean; now?: Date },
): Promise<SeedResult | null> {
  const { db } = services.database;
  if (options.onlyIfEmpty && (await hasUsers(db))) return null;
  const now = options.now ?? new Date();
  const seller = await insertUser(db, {
    name: DEMO_SELLER.name,
    email: DEMO_SELLER.email,
    passwordHash: await hashPassword(DEMO_SELLER.password),
    address: DEMO_SELLER.address,
    phone: DEMO_SELLER.phone,
    bio: DEMO_SELLER.bio,
    isVerified: true,
    createdAt: new Date(now.getTime() - 90 * DAY),
  });
  if (!seller) return null;

  for (const [index, listing] of DEMO_LISTINGS.entries()) {
    // Spread within the day too, so no two listings share a timestamp.
    const createdAt = new Date(now.getTime() - listing.ageDays * DAY - index * 61_000);
    const t = listing.translations;
    const details = DEMO_DETAILS[listing.title] ?? {};
    const priceType = details.priceType ?? 'fixed';
    const price = priceType === 'free' ? 0 : listing.price;
    const chiefTown = `${listing.address}.${listing.address === 'alger' ? 'alger-centre' : listing.address}`;
    const commune = details.commune ?? (communeBelongsTo(chiefTown, listing.address) ? chiefTown : null);
    // The demo data obeys the rules a seller's listing does.
    const checked = listingDetailIssues(listing.category, priceType, price, details.attributes ?? {});
    if (checked.issues.length > 0 || (commune && !communeBelongsTo(commune, listing.address))) {
      throw new Error(`demo listing "${listing.title}": ${JSON.stringify(checked.issues)} ${commune ?? ''}`);
    }
    const photos: Image[] = [];
    for (let position = 0; position < listing.photos; position++) {
      photos.push(await services.uploads.storeTrusted(seller.id, await renderDemoPhoto(listing, position)));
    }
    await withTransaction(db, (tx) =>
      insertListing(
        tx,
        {
          userId: seller.id,
          category: listing.category,
          condition: listing.condition,
          title: listing.title,
          desc: listing.desc,
          originalLang: listing.lang,
          titleAr: listing.lang === 'ar' ? listing.title : (t?.title.ar ?? null),
          titleFr: listing.lang === 'fr' ? listing.title : (t?.title.fr ?? null),
          titleEn: listing.lang === 'en' ? listing.title : (t?.title.en ?? null),
          descAr: listing.lang === 'ar' ? listing.desc : (t?.desc.ar ?? null),
          descFr: listing.lang === 'fr' ? listing.desc : (t?.desc.fr ?? null),
          descEn: listing.lang === 'en' ? listing.desc : (t?.desc.en ?? null),
          price,
          priceType,
          exchange: details.exchange ?? false,
          attributes: checked.attributes,
          commune,
          soldAt: details.soldDaysAgo === undefined ? null : new Date(now.getTime() - details.soldDaysAgo * DAY),
          contact: DEMO_SELLER.phone,
          address: listing.address,
          status: listing.inactive ? 'inactive' : 'active',
          views: (index * 37) % 180,
          phoneReveals: (index * 11) % 23,
          createdAt,
          updatedAt: createdAt,
        },
        photos,
      ),
    );
  }
  // Only when a password is configured (demo and tests): never a staff account with a known password.
  if (services.config.demoModeratorPassword) {
    await insertUser(db, {
      name: 'Modération EcoSouk',
      email: DEMO_MODERATOR_EMAIL,
      passwordHash: await hashPassword(services.config.demoModeratorPassword),
      isVerified: true,
      role: 'moderator',
      lang: 'fr',
      createdAt: new Date(now.getTime() - 120 * DAY),
    });
  }
  return { email: DEMO_SELLER.email, password: DEMO_SELLER.password, listings: DEMO_LISTINGS.length };
}
