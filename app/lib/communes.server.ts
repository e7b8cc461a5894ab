// A wilaya's communes as the commune lists show them, named in the page's language. Loaders
// only: the 1,541 communes stay on the server, and the browser asks the API for another wilaya's.
import { communesOf } from '../../common/communes.ts';
import type { Lang } from '../../common/languages.ts';
import type { CommuneChoice } from '../components/form/commune-select.tsx';

export function communeChoices(wilaya: string | undefined, lang: Lang): CommuneChoice[] {
  return wilaya ? communesOf(wilaya).map((c) => ({ key: c.key, name: c.name[lang], daira: c.daira[lang] })) : [];
}
