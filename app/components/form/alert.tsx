import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-danger/40 bg-danger-soft text-danger',
    success: 'border-brand/40 bg-brand-soft text-brand-strong',
    info: 'border-line bg-surface-sunken text-ink',
  }[tone];
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-2 rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
