import { Fragment } from 'react';

/**
 * Text someone wrote (a bio, a description), each line isolated in its own direction:
 * in a bio with a French line and an Arabic line, each reads its own way and keeps its
 * full stop at its own end, whatever the page's language.
 */
export function UserText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <p className={className} data-testid={testId}>
      {text.split(/\r?\n/).map((line, i) => (
        // The newline stays in the text (copying, tests); the blocks make the breaks.
        <Fragment key={i}>
          {i > 0 ? '\n' : null}
          <span dir="auto" className="block min-h-[1lh]">
            {line}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
