// A search's words as the in-memory index matches them (decision 0046). PostgreSQL builds each
// word's tsquery (services/search.ts wordQuery: the normalized word, as a prefix when it is the
// last, or its French or English stem) and prints it; this reads that print into a tree of
// lexemes joined by AND and OR. On a tsvector those two are plain set logic, so a listing
// matches when its lexemes satisfy the tree, as `@@` decides. Anything else a tsquery can hold
// (NOT, phrase distances, weights) needs more than the listing's set of lexemes: such a query is
// not read (null) and the search goes to PostgreSQL.

/** One lexeme, or every lexeme starting with it (`'tel':*`). */
export interface LexemeLeaf {
  kind: 'lexeme';
  lexeme: string;
  prefix: boolean;
}

/** Every part (and), or any part (or). */
export interface LexemeGroup {
  kind: 'and' | 'or';
  parts: TextQuery[];
}

export type TextQuery = LexemeLeaf | LexemeGroup;

/** The tree of one tsquery's text output (`'velo':* | 'vel'`), or null when it holds what a set of lexemes cannot answer, or nothing. */
export function parseTsquery(text: string): TextQuery | null {
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at++;
  };
  const fail = Symbol('fail');
  const operand = (): TextQuery => {
    skipSpaces();
    if (text[at] === '(') {
      at++;
      const inner = or();
      skipSpaces();
      if (text[at] !== ')') throw fail;
      at++;
      return inner;
    }
    if (text[at] !== "'") throw fail;
    at++;
    // Output doubles a quote and escapes a backslash.
    let lexeme = '';
    for (;;) {
      const c = text[at];
      if (c === undefined) throw fail;
      if (c === "'") {
        if (text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
          continue;
        }
        at++;
        break;
      }
      if (c === '\\') {
        if (text[at + 1] === undefined) throw fail;
        lexeme += text[at + 1];
        at += 2;
        continue;
      }
      lexeme += c;
      at++;
    }
    let prefix = false;
    if (text[at] === ':') {
      // Only the prefix mark: a weight (A-D) restricts the match to positions of that weight.
      at++;
      if (text[at] !== '*') throw fail;
      at++;
      prefix = true;
      if (/[A-Za-z*]/.test(text[at] ?? '')) throw fail;
    }
    return { kind: 'lexeme', lexeme, prefix };
  };
  const group = (kind: 'and' | 'or', next: () => TextQuery, sign: string) => (): TextQuery => {
    const parts = [next()];
    for (;;) {
      skipSpaces();
      if (text[at] !== sign) break;
      at++;
      parts.push(next());
    }
    // (a | b) | c is a | b | c.
    const flat = parts.flatMap((part) => (part.kind === kind ? part.parts : [part]));
    return flat.length === 1 ? flat[0]! : { kind, parts: flat };
  };
  const and = group('and', operand, '&');
  const or = group('or', and, '|');
  try {
    skipSpaces();
    if (at === text.length) return null;
    const tree = or();
    skipSpaces();
    // A NOT (!), a phrase (<->, <2>), or anything left over.
    return at === text.length ? tree : null;
  } catch (error) {
    if (error === fail) return null;
    throw error;
  }
}

/** Every word's tree together: a listing must match each (services/search.ts textQuery joins them with &&). */
export function allOf(words: TextQuery[]): TextQuery {
  return words.length === 1 ? words[0]! : { kind: 'and', parts: words };
}

/** Whether a listing with these lexemes matches: the rule itself, for tests and for a listing checked alone. */
export function matchesLexemes(query: TextQuery, lexemes: ReadonlySet<string>): boolean {
  if (query.kind === 'and') return query.parts.every((part) => matchesLexemes(part, lexemes));
  if (query.kind === 'or') return query.parts.some((part) => matchesLexemes(part, lexemes));
  if (query.kind !== 'lexeme') return false;
  if (!query.prefix) return lexemes.has(query.lexeme);
  for (const lexeme of lexemes) if (lexeme.startsWith(query.lexeme)) return true;
  return false;
}
