import { WILAYAS } from '../../../common/reference-data.ts';
import { useLang } from '../../lib/root-data.ts';

const BY_CODE = [...WILAYAS].sort((a, b) => a.code.localeCompare(b.code));

/** The 58 wilayas as `16 - Alger`, in official order, after an empty "choose" option. */
export function WilayaOptions({ placeholder }: { placeholder: string }) {
  const lang = useLang();
  return (
    <>
      <option value="">{placeholder}</option>
      {BY_CODE.map((w) => (
        <option key={w.key} value={w.key}>
          {`${w.code} - ${w.name[lang]}`}
        </option>
      ))}
    </>
  );
}
