import type { ReactNode } from 'react';

/** The centred card of the account pages. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-3xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {intro ? <p className="mt-2 text-ink-muted">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
    </div>
  );
}
