// Algerian phone numbers: mobiles 05/06/07 + 8 digits, landlines 0 + 2-digit area
// code + 6 digits. Stored in international form (+213…), shown in national form.

const MOBILE = /^0[567]\d{8}$/;
const LANDLINE = /^0[2-4]\d{7}$/;
const ARABIC_INDIC = /[٠-٩]/g;

/** National form digits (0XXXXXXXXX) or null when not a valid Algerian number. */
function nationalDigits(input: string): string | null {
  let digits = input.replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\s.\-()/]/g, '');
  if (digits.startsWith('+213')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('00213')) digits = `0${digits.slice(5)}`;
  else if (digits.startsWith('213') && digits.length >= 11) digits = `0${digits.slice(3)}`;
  if (digits.startsWith('00')) return null;
  return MOBILE.test(digits) || LANDLINE.test(digits) ? digits : null;
}

export function isAlgerianPhone(input: string): boolean {
  return nationalDigits(input) !== null;
}

/** +213XXXXXXXXX, or null when invalid. */
export function toInternational(input: string): string | null {
  const national = nationalDigits(input);
  return national ? `+213${national.slice(1)}` : null;
}

/** 0550 12 34 56 (mobile) or 021 23 45 67 (landline). */
export function toNational(stored: string): string {
  const national = nationalDigits(stored);
  if (!national) return stored;
  return national.length === 10
    ? `${national.slice(0, 4)} ${national.slice(4, 6)} ${national.slice(6, 8)} ${national.slice(8)}`
    : `${national.slice(0, 3)} ${national.slice(3, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
}
