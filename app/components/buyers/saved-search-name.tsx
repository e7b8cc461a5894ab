import type { SavedQuery } from '../../../common/saved-search.ts';

/** A saved search without a name of its own is called by its filters: words, category, wilaya. */
export function savedSearchName(query: SavedQuery, t: (key: string) => string): string {
  const parts: string[] = [];
  if (query.title !== undefined) parts.push(String(query.title));
  if (query.category !== undefined) parts.push(t(`categories:${query.category}`));
  if (query.address !== undefined) parts.push(t(`cities:${query.address}`));
  return parts.length > 0 ? parts.join(' · ') : t('buyers:allListings');
}
