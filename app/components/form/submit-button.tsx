import { LoaderCircle } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-70';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; label: string; busyLabel: string };

/** Disabled with a loading label while its form submits. */
export function SubmitButton({ busy, label, busyLabel, className, ...props }: Props) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButtonClass} ${className ?? ''}`} {...props}>
      {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
