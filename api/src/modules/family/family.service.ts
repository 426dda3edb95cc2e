import { fullName } from '@studio/rules';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { badInput, conflict, notFound, rateLimited } from '../../graphql/errors.js';
import type { AuthService, ClientInfo, SignedIn } from '../auth/auth.service.js';
import type { RequestQuota } from '../auth/login-limiter.js';
import type { EmailService } from '../email/email.service.js';
import { hashPassword, passwordProblem } from '../users/password.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import { FamilyInvite } from './family-invite.entity.js';
import {
  assertMayAcceptInvite,
  assertMayEditFamilyMember,
  assertMayInviteToOwnLogin,
  assertMayManageFamily,
  familyMembersOf,
  INVALID_INVITE,
  mayAcceptInvite,
} from './family.policy.js';

export interface FamilyMemberData {
  firstName: string;
  lastName: string;
  birthday: string;
}

/** An invite link works for a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** Invites (and resends) a parent may send in an hour. */
export const INVITES_PER_PARENT_PER_HOUR = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A parent's family: people without their own login, managed by the parent. Minors can be signed for and booked
 * by the parent; adults are listed but must sign and book with their own account, which the parent invites them to
 * create (their record becomes that account, so their bookings and history stay theirs).
 */
export class FamilyService {
  constructor(
    private readonly users: UserService,
    private readonly email: EmailService,
    private readonly auth: AuthService,
    private readonly site: { publicUrl: string; studioName: string },
    private readonly inviteQuota: RequestQuota,
  ) {}

  private check(data: Partial<FamilyMemberData>): void {
    if (data.birthday !== undefined) {
      const problem = this.users.birthdayProblem(data.birthday);
      if (problem) throw badInput(problem, { birthday: problem });
    }
  }

  async member(em: EntityManager, parent: User, id: string): Promise<User> {
    const member = await em.findOne(User, { id, ...familyMembersOf(parent.id) });
    if (!member) throw notFound('That family member');
    return member;
  }

  async add(em: EntityManager, parent: User, data: FamilyMemberData): Promise<User> {
    assertMayManageFamily(parent);
    this.check(data);
    const active = await em.count(User, familyMembersOf(parent.id));
    if (active >= 12) throw badInput('A family can have at most 12 members. Contact the studio for more.');
    const member = new User({
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      birthday: data.birthday,
      role: Role.student,
    });
    member.guardian = parent;
    await this.users.insert(em, member, 'family');
    return member;
  }

  async update(em: EntityManager, parent: User, id: string, changes: Partial<FamilyMemberData>): Promise<User> {
    assertMayManageFamily(parent);
    this.check(changes);
    const member = await this.member(em, parent, id);
    assertMayEditFamilyMember(parent, member);
    if (changes.firstName !== undefined) member.firstName = changes.firstName.trim();
    if (changes.lastName !== undefined) member.lastName = changes.lastName.trim();
    if (changes.birthday !== undefined) member.birthday = changes.birthday;
    await em.flush();
    return member;
  }

  /**
   * Removes the member from the family; the record stays for signatures and attendance history. A member with a login
   * of their own keeps it: they only leave the family.
   */
  async remove(em: EntityManager, parent: User, id: string): Promise<void> {
    assertMayManageFamily(parent);
    const member = await this.member(em, parent, id);
    if (member.username !== null) member.guardian = null;
    else member.removedAt = new Date();
    await em.flush();
  }

  // ── an adult family member's own login ───────────────────────────────────────────────────────────────

  /**
   * Emails an adult family member a single-use link (valid a week) to create their own login. Sending again (to the
   * same or another address) replaces the earlier link.
   */
  async invite(em: EntityManager, parent: User, memberId: string, email: string): Promise<User> {
    assertMayManageFamily(parent);
    const member = await em.findOne(User, { id: memberId, ...familyMembersOf(parent.id) });
    assertMayInviteToOwnLogin(parent, member, this.users.today());
    const address = email.trim();
    if (parent.email && address.toLowerCase() === parent.email.toLowerCase()) {
      const own = `Use ${member.firstName}’s own email address, not yours.`;
      throw badInput(own, { email: own });
    }
    await this.users.assertUnique(em, { email: address });
    if (!(await this.inviteQuota.allow([`parent:${parent.id}`])))
      throw rateLimited('You sent several invites in the last hour. Please try again later.', 3600);

    const raw = randomBytes(32).toString('base64url');
    const sentAt = new Date();
    const expiresAt = new Date(sentAt.getTime() + INVITE_TTL_MS);
    const invite = await em.findOne(FamilyInvite, { member: member.id });
    if (invite) {
      Object.assign(invite, { email: address, tokenHash: sha256(raw), sentAt, expiresAt, invitedBy: parent, acceptedAt: null });
      invite.sendCount += 1;
    } else {
      em.persist(new FamilyInvite({ member, invitedBy: parent, email: address, tokenHash: sha256(raw), sentAt, expiresAt }));
    }
    const link = `${this.site.publicUrl}/register?invite=${raw}`;
    const message = this.email.queue(em, {
      to: address,
      kind: 'family_invite',
      subject: `${parent.firstName} invited you to ${this.site.studioName}`,
      text:
        `Hi ${member.firstName},\n\n${fullName(parent)} added you to their family at ${this.site.studioName}. ` +
        `You are 18 or older, so you sign your own waiver and book your classes with a login of your own.\n\n` +
        `Create your login within 7 days with this link (your bookings and class history stay with you):\n\n${link}\n\n` +
        `If you did not expect this email, you can ignore it: no login is created.\n`,
    });
    await em.flush();
    await this.email.dispatch(message);
    return member;
  }

  /** Withdraws a member's invite that was not accepted: its link stops working. */
  async cancelInvite(em: EntityManager, parent: User, memberId: string): Promise<User> {
    assertMayManageFamily(parent);
    const member = await this.member(em, parent, memberId);
    await em.nativeDelete(FamilyInvite, { member: member.id, acceptedAt: null });
    return member;
  }

  /** The invite a link belongs to while it can still be accepted, with the member and who sent it; else null. */
  async inviteForLink(em: EntityManager, rawToken: string): Promise<FamilyInvite | null> {
    const invite = await em.findOne(FamilyInvite, { tokenHash: sha256(rawToken) }, { populate: ['member', 'invitedBy'] });
    return mayAcceptInvite(invite, new Date()) ? invite : null;
  }

  /**
   * The invited member picks a username and password: their family-member record becomes their account (names,
   * birthday, bookings and history stay), the invite's address becomes their email, and they are signed in.
   */
  async acceptInvite(em: EntityManager, rawToken: string, username: string, password: string, client: ClientInfo): Promise<SignedIn> {
    const member = await em.transactional(async (tx) => {
      const invite = await tx.findOne(FamilyInvite, { tokenHash: sha256(rawToken) }, { populate: ['member', 'invitedBy'] });
      assertMayAcceptInvite(invite, new Date());
      const problem = passwordProblem(password, { username, email: invite.email });
      if (problem) throw badInput(problem, { password: problem });
      await this.users.assertUnique(tx, { username, email: invite.email }, invite.member.id);
      // Claimed atomically, so the link works once even when used twice at the same moment.
      const claimed = await tx.nativeUpdate(FamilyInvite, { id: invite.id, acceptedAt: null }, { acceptedAt: new Date() });
      if (claimed !== 1) throw badInput(INVALID_INVITE, { token: INVALID_INVITE });
      const account = invite.member;
      account.username = username.trim();
      account.email = invite.email;
      account.passwordHash = await hashPassword(password);
      try {
        await tx.flush();
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException)
          throw conflict('That username or email is already in use.', { username: 'That username may already be taken.' });
        throw err;
      }
      return account;
    });
    return this.auth.signedIn(em, member, client);
  }
}
