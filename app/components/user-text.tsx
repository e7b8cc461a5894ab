import { Fragment } from 'react';
import { linesOf, sentencesOf } from '../lib/user-text.ts';

/**
 * Text someone wrote (a bio, a description), isolated line by line and sentence by
 * sentence: in a bio mixing French and Arabic, each line takes its own direction and
 * each sentence keeps its full stop at its own end, whatever the page's language.
 */
export function UserText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <p className={className} data-testid={testId}>
      {linesOf(text).map((line, i) => (
        // The newline stays in the text (copying, tests); the blocks make the breaks.
        <Fragment key={i}>
          {i > 0 ? '\n' : null}
          <span dir="auto" className="block min-h-[1lh]">
            {sentencesOf(line).map((piece, j) => (j % 2 === 1 ? piece : <bdi key={j}>{piece}</bdi>))}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
