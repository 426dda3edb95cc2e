import { badInput, conflict, forbidden, notFound } from '../../graphql/errors.js';
import { Role, type Actor, type Ref } from '../users/role.js';
import { familyTie, isGuardianOf, type FamilyPerson } from '../users/user.policy.js';
import { FamilyInviteStatus } from './family-invite.entity.js';

/** Only parents (and guardians, who sign up as parents) manage family members. */
export function mayManageFamily(actor: Actor): boolean {
  return actor.role === Role.parent;
}

export function assertMayManageFamily(actor: Actor): void {
  if (!mayManageFamily(actor)) throw forbidden('Only parents and guardians can manage family members.');
}

/** The members of a parent's family the parent may still see and change (a MikroORM filter on User). */
export function familyMembersOf(parentId: string) {
  return { guardian: parentId, removedAt: null };
}

// ── an adult family member's own login ───────────────────────────────────────────────────────────────────

/** A family member as the invite rules need them. */
export interface InvitedMember extends FamilyPerson {
  firstName: string;
  /** Null until they have a login of their own. */
  username: string | null;
  isActive: boolean;
}

/**
 * A parent invites an adult (18 or older by the studio's date) in their family who has no login yet to create one,
 * so they sign their own waiver and book for themselves (adults cannot be signed for). Minors are the
 * parent's to sign and book for, and stay without a login of their own.
 */
export function mayInviteToOwnLogin(actor: Actor, member: InvitedMember, today: string): boolean {
  return mayManageFamily(actor) && familyTie(actor, member, today) === 'adult' && member.username === null && member.isActive;
}

/** `member` null: not (or no longer) in the actor's family, answered like a missing one. */
export function assertMayInviteToOwnLogin<M extends InvitedMember>(actor: Actor, member: M | null, today: string): asserts member is M {
  assertMayManageFamily(actor);
  if (!member || familyTie(actor, member, today) === 'none' || !member.isActive) throw notFound('That family member');
  if (member.username !== null) throw conflict(`${member.firstName} already signs in with a login of their own.`);
  if (familyTie(actor, member, today) !== 'adult')
    throw forbidden(`${member.firstName} is under 18: you sign and book for ${member.firstName} from your account.`);
}

/** Where an invite stands: its link works (pending), ran out, or was used. */
export function inviteStatus(invite: { acceptedAt: Date | null; expiresAt: Date }, now: Date): FamilyInviteStatus {
  if (invite.acceptedAt) return FamilyInviteStatus.accepted;
  return invite.expiresAt.getTime() > now.getTime() ? FamilyInviteStatus.pending : FamilyInviteStatus.expired;
}

/** An invite as accepting it needs: its state, who sent it, and the member it is for. */
export interface AcceptedInvite {
  acceptedAt: Date | null;
  expiresAt: Date;
  invitedBy: Ref;
  member: InvitedMember;
}

export const INVALID_INVITE = 'This invite link is invalid, was used already or has expired. Ask for a new one.';

/**
 * The link works once, before it expires, while the member is still in the family of whoever sent it and has no
 * login yet (a parent who removed them, or a login made meanwhile, ends it).
 */
export function mayAcceptInvite(invite: AcceptedInvite | null, now: Date): boolean {
  if (!invite || inviteStatus(invite, now) !== FamilyInviteStatus.pending) return false;
  const { member } = invite;
  return isGuardianOf(invite.invitedBy, member) && member.removedAt === null && member.username === null && member.isActive;
}

export function assertMayAcceptInvite<I extends AcceptedInvite>(invite: I | null, now: Date): asserts invite is I {
  if (!mayAcceptInvite(invite, now)) throw badInput(INVALID_INVITE, { token: INVALID_INVITE });
}

/** A parent edits the details of family members without a login; one with their own login keeps their own. */
export function mayEditFamilyMember(actor: Actor, member: { username: string | null }): boolean {
  return mayManageFamily(actor) && member.username === null;
}

export function assertMayEditFamilyMember(actor: Actor, member: { firstName: string; username: string | null }): void {
  assertMayManageFamily(actor);
  if (!mayEditFamilyMember(actor, member))
    throw forbidden(`${member.firstName} has a login of their own and keeps their details up to date on their profile.`);
}

/** A member's invite is shown to the parent who manages them. */
export function maySeeInvite(viewer: Actor | null, member: { guardian: Ref | null }): boolean {
  return viewer !== null && isGuardianOf(viewer, member);
}
