import { WILAYAS } from '../../../common/reference-data.ts';
import { useLang } from '../../lib/root-data.ts';

const BY_CODE = [...WILAYAS].sort((a, b) => a.code.localeCompare(b.code));

/**
 * The 58 wilayas as `16 - Alger`, in official order, after a first option (empty "choose",
 * or the search's "all wilayas"): every wilaya list of the site reads the same.
 */
export function WilayaOptions({ placeholder, placeholderValue = '' }: { placeholder: string; placeholderValue?: string }) {
  const lang = useLang();
  return (
    <>
      <option value={placeholderValue}>{placeholder}</option>
      {BY_CODE.map((w) => (
        <option key={w.key} value={w.key}>
          {`${w.code} - ${w.name[lang]}`}
        </option>
      ))}
    </>
  );
}
