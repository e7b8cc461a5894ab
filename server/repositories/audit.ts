// How an audit entry is written: in the transaction of the action it records, so the log
// has an entry exactly when the action happened. The table refuses UPDATE and DELETE.
import type { AuditAction } from '../../common/reports.ts';
import type { AppDb, Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditInput {
  /** null: the command line (`npm run user:role`). */
  actorId: string | null;
  action: AuditAction;
  targetType: 'product' | 'user' | 'report' | 'conversation';
  targetId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAudit(tx: Transaction | AppDb, entry: AuditInput): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({ actorId: entry.actorId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, reason: entry.reason ?? null, details: entry.details ?? null })
    .returning({ id: auditLog.id });
  return row!.id;
}
