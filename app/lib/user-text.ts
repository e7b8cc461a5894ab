// Splits what someone wrote into the pieces the browser must order on their own.

/**
 * A line's sentences and the spaces between them: [sentence, space, sentence, …].
 * Each sentence is then isolated in its own direction, so that in "Je vends. أبيع." the
 * Arabic sentence keeps its full stop at its own (left) end inside a left-to-right line.
 */
export function sentencesOf(line: string): string[] {
  return line.split(/(?<=[.!?؟…])(\s+)(?=\S)/u);
}

/** The lines of a text (each takes its own direction from its first letter). */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}
