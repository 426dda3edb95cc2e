import { ChangeSetType } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../events/domain-events.js';
import { Membership } from './membership.entity.js';

/** What a membership.changed is about: its state, its plan, or whether it ends at its period's end. */
const ANNOUNCED: readonly string[] = ['status', 'plan', 'cancelAtPeriodEnd'];

/**
 * Flushes a membership transaction and announces membership.changed for each membership it made or whose state, plan
 * or cancel-at-period-end it changed (read from the unit of work's change sets, so every way a membership changes is
 * announced by the one flush it goes through).
 */
export class MembershipAnnouncer {
  constructor(private readonly events: DomainEvents) {}

  async flush(tx: EntityManager): Promise<void> {
    const uow = tx.getUnitOfWork();
    uow.computeChangeSets();
    const changed = uow
      .getChangeSets()
      .filter((cs) => cs.entity instanceof Membership)
      .filter((cs) => cs.type === ChangeSetType.CREATE || (cs.type === ChangeSetType.UPDATE && ANNOUNCED.some((k) => k in cs.payload)))
      .map((cs) => ({
        membership: cs.entity as Membership,
        previousStatus:
          cs.type === ChangeSetType.CREATE
            ? null
            : (((cs.originalEntity as { status?: string } | undefined)?.status ?? null) as string | null),
      }));
    await tx.flush();
    for (const { membership: m, previousStatus } of changed)
      await this.events.emit(tx, 'membership.changed', {
        membershipId: m.id,
        holderId: m.holder.id,
        planId: m.plan.id,
        status: m.status,
        previousStatus,
        cancelAtPeriodEnd: m.cancelAtPeriodEnd,
        comp: m.comp,
      });
  }
}
