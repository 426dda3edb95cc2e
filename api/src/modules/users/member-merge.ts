import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, notFound } from '../../graphql/errors.js';
import { MemberMerge } from './member-merge.entity.js';
import { Role } from './role.js';
import { User } from './user.entity.js';
import { repoint, tallyFor } from '../../common/repoint.js';
import { MERGE_KEEPS, rowsReferencing, userReferences } from './user-references.js';

/** What a merge did: the kept account, the deactivated duplicate and the rows moved by table. */
export interface MergeOutcome {
  kept: User;
  merged: User;
  record: MemberMerge;
}

/** Why `merged` may not go into `kept` (by `actor`), or null. */
export async function mergeProblem(em: EntityManager, actor: User, kept: User, merged: User): Promise<string | null> {
  if (kept.id === merged.id) return 'An account cannot be merged with itself.';
  if (merged.id === actor.id) return 'You cannot merge away the account you are signed in with.';
  const already = await em.find(MemberMerge, { merged: { $in: [kept.id, merged.id] } });
  if (already.some((m) => m.merged.id === merged.id)) return 'That account was already merged into another one.';
  if (already.length) return 'The account to keep was merged into another one: keep that one instead.';
  if (!kept.isActive) return 'The account to keep is deactivated: reactivate it first.';
  if (kept.removedAt || merged.removedAt) return 'A family member who was removed cannot be merged.';
  if (merged.role === Role.admin && kept.role !== Role.admin) return "An admin's account cannot be merged into a member's.";
  if (kept.guardian?.id === merged.id || merged.guardian?.id === kept.id)
    return 'A parent and their own child are two people: they cannot be merged.';
  if (merged.guardian && kept.guardian?.id !== merged.guardian.id)
    return "A family member can only be merged with another of the same parent's family members.";
  if (kept.guardian && merged.username) return 'An account with a sign-in cannot be merged into a family member without one.';
  return null;
}

/**
 * Merges the duplicate account `mergedId` into `keptId` in one transaction: the users module re-points its own rows
 * (children whose guardian is the duplicate), announces member.merged so that every module re-points its rows, then
 * checks from pg_catalog that no row references the duplicate any more (MERGE_KEEPS aside), deactivates the duplicate
 * (its sessions end) and records the merge with the rows moved by table.
 */
export async function mergeMembers(
  em: EntityManager,
  events: DomainEvents,
  actor: User,
  keptId: string,
  mergedId: string,
): Promise<MergeOutcome> {
  if (keptId === mergedId) throw badInput('An account cannot be merged with itself.');
  return em.transactional(async (tx) => {
    // Locked in id order so two merges of the same people wait for each other instead of deadlocking.
    const people = await tx.find(
      User,
      { id: { $in: [keptId, mergedId] } },
      { populate: ['guardian'], lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
    );
    const kept = people.find((p) => p.id === keptId);
    const merged = people.find((p) => p.id === mergedId);
    if (!kept) throw notFound('The account to keep');
    if (!merged) throw notFound('The duplicate account');
    const problem = await mergeProblem(tx, actor, kept, merged);
    if (problem) throw badInput(problem);

    const references = (await userReferences(tx)).filter((r) => !MERGE_KEEPS.some((k) => k.table === r.table && k.column === r.column));
    // The handlers get this very payload: the rows they re-point are tallied on it.
    const pair = { keptId: kept.id, mergedId: merged.id, byId: actor.id };
    const moved = tallyFor(pair);
    await repoint(tx, 'app_user', ['guardian_id'], pair);
    await repoint(tx, 'member_merge', ['kept_id', 'by_id'], pair);
    await events.emit(tx, 'member.merged', pair);
    // Whatever a handler left unflushed is written; the rows read from here on are read afresh.
    await tx.flush();
    tx.clear();

    const left = await rowsReferencing(tx, references, merged.id);
    if (Object.keys(left).length)
      throw new Error(
        `A merge left rows referencing the duplicate account: ${JSON.stringify(left)}. Their module must handle member.merged.`,
      );

    const duplicate = await tx.findOneOrFail(User, { id: merged.id });
    duplicate.isActive = false;
    duplicate.tokenVersion += 1;
    const record = new MemberMerge({
      kept: tx.getReference(User, kept.id),
      merged: duplicate,
      by: tx.getReference(User, actor.id),
      moved,
    });
    tx.persist(record);
    await tx.flush();
    return { kept: await tx.findOneOrFail(User, { id: kept.id }), merged: duplicate, record };
  });
}
