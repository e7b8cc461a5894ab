// Texts of the product page, the shop page and the dashboard's listings. `en` defines the keys.
import type { Lang } from '../../../common/languages.ts';
import type { Widen } from '../messages.ts';

const en = {
  visitShop: "Visit the seller's shop",
};

export const listings: Record<Lang, Widen<typeof en>> = {
  en,
  fr: { visitShop: 'Voir la boutique du vendeur' },
  ar: { visitShop: 'زيارة متجر البائع' },
};
