// Text the database can store as given: PostgreSQL text and jsonb refuse U+0000, and a
// lone UTF-16 surrogate is not Unicode text at all (PGlite fails on some with "invalid
// byte sequence"). Such a value is invalid input (400), never a database error (500).
export const isStorableText = (value: string) => value.isWellFormed() && !value.includes('\u0000');
