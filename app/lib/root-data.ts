import { useRouteLoaderData } from 'react-router';
import { DEFAULT_LANG, type Lang } from '../../common/languages.ts';
import type { Theme } from '../../common/constants.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  isVerified: boolean;
  /** A moderator or admin in good standing: the header links to the moderation console. */
  staff: boolean;
}

export interface RootData {
  lang: Lang;
  theme: Theme;
  /** The browser holds the font files of `lang`'s pages (the `fonts` cookie): draw in them (decision 0032). */
  webFonts?: boolean;
  year: number;
  publicUrl: string;
  user: SessionUser | null;
  /** Unread messages of the signed-in member (0 for a visitor). */
  unread?: number;
  /** The UI texts of `lang`, as JSON (absent when the root loader failed); i18n.ts reads them. */
  messages?: string;
}

const fallback: RootData = { lang: DEFAULT_LANG, theme: 'light', year: new Date().getFullYear(), publicUrl: '', user: null };

/** Root loader data; defaults when the root loader itself failed. */
export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? fallback;
}

export function useLang(): Lang {
  return useRootData().lang;
}

export function useSessionUser(): SessionUser | null {
  return useRootData().user;
}
