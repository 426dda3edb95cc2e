import { fullName } from '@studio/rules';
import { sql, type EntityDictionary, type EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env.js';
import { badInput, rateLimited, unauthenticated, type FieldErrors } from '../../graphql/errors.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import type { EmailService } from '../email/email.service.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import type { WaiverService } from '../waivers/waiver.service.js';
import type { FailureLimiter, RequestQuota } from './login-limiter.js';
import { hashPassword, passwordProblem, verifyPassword } from '../users/password.js';
import { assertMayEndSession } from './auth.policy.js';
import { deviceLabel } from './device-label.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { Session } from './session.entity.js';
import { SESSION_TTL_SECONDS, type TokenSigner } from './tokens.js';
import { pgArray } from '../../common/pg-array.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A front-desk welcome link lasts a week: the new member may not read their email the same day. */
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid username or password.';
const INVALID_RESET = 'This reset link is invalid or has expired. Please ask for a new one.';

export interface SignedIn {
  token: string;
  user: User;
  /** Where the app should go next: the waiver page until the current waiver is signed. */
  redirect: string;
}

export interface RegisterData {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  birthday: string;
  isParentOrGuardian: boolean;
}

/** Where a request comes from, recorded on the session it opens. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in user of a request and the session its token names. */
export interface SignedInUser {
  user: User;
  sessionId: string;
}

/** lastUsedAt is written at most once a minute per session, not on every request. */
export const LAST_USED_GRANULARITY_MS = 60_000;

// A session works while it is not revoked, not expired, and carries the user's current token version.
const SESSION_USER_SQL = `select u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.birthday, u.is_active,
  u.token_version, u.guardian_id, u.removed_at, u.created_at, u.updated_at, s.last_used_at as session_last_used_at
  from user_session s join app_user u on u.id = s.user_id
  where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()
    and s.token_version = u.token_version and u.is_active = true`;
/** SESSION_USER_SQL for many sessions at once (the live layer's re-check of every subscriber of one event). */
const SESSIONS_USERS_SQL = `select s.id as session_id, u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.birthday,
  u.is_active, u.token_version, u.guardian_id, u.removed_at, u.created_at, u.updated_at
  from user_session s join app_user u on u.id = s.user_id
  where s.id = any(?::uuid[]) and s.revoked_at is null and s.expires_at > now()
    and s.token_version = u.token_version and u.is_active = true`;
/** A user as SESSIONS_USERS_SQL answers them. */
export type SessionUserRow = { id: string; role: string } & Record<string, unknown>;
const TOUCH_SQL = `update user_session set last_used_at = now() where id = ? and last_used_at < now() - interval '1 minute'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class AuthService {
  constructor(
    private readonly env: Env,
    private readonly tokens: TokenSigner,
    private readonly limiter: FailureLimiter,
    private readonly quotas: { reset: RequestQuota; registration: RequestQuota },
    private readonly users: UserService,
    private readonly waivers: WaiverService,
    private readonly email: EmailService,
    private readonly pubsub: StudioPubSub,
    private readonly notifications: NotificationService,
  ) {}

  /** The active user a token belongs to and its session, or null when the token is invalid, expired or ended. */
  async userForToken(em: EntityManager, token: string): Promise<SignedInUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || !UUID.test(claims.sessionId) || !UUID.test(claims.userId)) return null;
    // Runs on every authenticated request: plain SQL mapped to a managed entity skips the query builder.
    const [row] = await em.getConnection().execute(SESSION_USER_SQL, [claims.sessionId, claims.userId]);
    if (!row) return null;
    const { session_last_used_at: lastUsedAt, ...userRow } = row;
    if (Date.now() - new Date(lastUsedAt).getTime() >= LAST_USED_GRANULARITY_MS) {
      await em.getConnection().execute(TOUCH_SQL, [claims.sessionId]);
    }
    return { user: em.map(User, userRow), sessionId: claims.sessionId };
  }

  /**
   * userForToken for many tokens in one statement (a live event re-checks every subscriber's session): the same
   * rules, without touching last_used_at (the connection did at its start). Each user found is mapped into an
   * entity manager of its own (`fork`), as userForToken's caller would have it; null for a token that fails.
   */
  async usersForTokens(em: EntityManager, tokens: readonly string[]): Promise<Map<string, (SignedInUser & { em: EntityManager }) | null>> {
    const answers = new Map<string, (SignedInUser & { em: EntityManager }) | null>();
    const claims = new Map<string, { userId: string; sessionId: string }>();
    for (const token of tokens) {
      const claim = await this.tokens.verify(token);
      answers.set(token, null);
      if (claim && UUID.test(claim.sessionId) && UUID.test(claim.userId)) claims.set(token, claim);
    }
    if (claims.size === 0) return answers;
    // One array literal (the ids are checked UUIDs): a JS array would be spread into a list of parameters.
    const sessionIds = pgArray([...new Set([...claims.values()].map((c) => c.sessionId))]);
    const rows = await em.getConnection().execute(SESSIONS_USERS_SQL, [sessionIds]);
    const bySession = new Map(rows.map(({ session_id: sessionId, ...userRow }) => [sessionId as string, userRow]));
    for (const [token, claim] of claims) {
      const userRow = bySession.get(claim.sessionId);
      if (!userRow || userRow.id !== claim.userId) continue;
      const own = em.fork();
      answers.set(token, { user: own.map(User, { ...userRow }), sessionId: claim.sessionId, em: own });
    }
    return answers;
  }

  /**
   * The users of sessions still open, by session id, in one statement: who the subscribers of a live group are now
   * (their tokens were verified when they subscribed; a revoked session or deactivated user is simply absent).
   */
  async sessionUsers(em: EntityManager, sessionIds: readonly string[], full = false): Promise<Map<string, SessionUserRow>> {
    const ids = [...new Set(sessionIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Map();
    // Only who they are and their role unless asked for more: a thousand wide rows per event cost more than a query.
    const statement = full
      ? SESSIONS_USERS_SQL
      : SESSIONS_USERS_SQL.replace(/^select .*?from /s, 'select s.id as session_id, u.id, u.role from ');
    const rows = await em.getConnection().execute<(SessionUserRow & { session_id: string })[]>(statement, [pgArray(ids)]);
    return new Map(rows.map(({ session_id: sessionId, ...row }) => [sessionId, row]));
  }

  /** The user of a row `sessionUsers(…, full)` answered, in an entity manager of its own (no further query). */
  userFromRow(em: EntityManager, row: SessionUserRow): { user: User; em: EntityManager } {
    const own = em.fork();
    return { user: own.map(User, { ...row } as EntityDictionary<User>), em: own };
  }

  /** Opens a session for this device and signs its token. */
  async openSession(em: EntityManager, user: User, client: ClientInfo): Promise<string> {
    const session = new Session(em.getReference(User, user.id), user.tokenVersion, deviceLabel(client.userAgent), client.ip, this.expiry());
    await em.persistAndFlush(session);
    return this.tokens.sign({ userId: user.id, sessionId: session.id });
  }

  /** Whether a session has not been signed out or ended (purpose tokens shown in it live as long). */
  async isSessionOpen(em: EntityManager, sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    return (await em.count(Session, { id: sessionId, revokedAt: null })) === 1;
  }

  private expiry(): Date {
    return new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  }

  /** Signs in someone who just proved who they are (a password, a new account, an accepted invite) on this device. */
  async signedIn(em: EntityManager, user: User, client: ClientInfo): Promise<SignedIn> {
    const token = await this.openSession(em, user, client);
    return { token, user, redirect: await this.redirectFor(em, user) };
  }

  private async redirectFor(em: EntityManager, user: User): Promise<string> {
    const signed = await this.waivers.signedUserIds(em, [user.id]);
    return signed.has(user.id) ? '/dashboard' : '/waiver';
  }

  /** Tells every API instance to close the WebSockets of the user's sessions that no longer work. */
  private sessionsEnded(user: { id: string }): void {
    this.pubsub.publish('SESSIONS_ENDED', { userId: user.id });
  }

  async register(em: EntityManager, data: RegisterData, client: ClientInfo): Promise<SignedIn> {
    const { ip } = client;
    if (ip && !(await this.quotas.registration.allow([`ip:${ip}`])))
      throw rateLimited('Too many new accounts from this network. Please try again in an hour.', 3600);
    const fields: FieldErrors = {};
    const problem = passwordProblem(data.password, data);
    if (problem) fields.password = problem;
    const ageProblem = this.users.birthdayProblem(data.birthday, data.isParentOrGuardian ? 18 : 13);
    if (ageProblem) fields.birthday = ageProblem;
    if (Object.keys(fields).length) throw badInput('Please correct the highlighted fields.', fields);
    await this.users.assertUnique(em, { username: data.username, email: data.email });

    const user = new User({
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      birthday: data.birthday,
      role: data.isParentOrGuardian ? Role.parent : Role.student,
    });
    user.username = data.username.trim();
    user.email = data.email.trim();
    user.passwordHash = await hashPassword(data.password);
    await this.users.insert(em, user, 'registration');
    await this.notifications.notifyAdmins(em, {
      type: NotificationType.other,
      title: 'New sign-up',
      message: `${fullName(user)} (${user.username}) created a ${user.role === Role.parent ? 'parent' : 'member'} account.`,
      link: '/admin/students',
    });
    return this.signedIn(em, user, client);
  }

  async login(em: EntityManager, username: string, password: string, client: ClientInfo): Promise<SignedIn> {
    const { ip } = client;
    await this.limiter.assertAllowed(username, ip);
    const user = await em.findOne(User, { [sql.lower('username')]: username.trim().toLowerCase() }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(password, user?.passwordHash);
    if (!user || !ok || !user.isActive) {
      await this.limiter.recordFailure(username, ip);
      throw unauthenticated(INVALID_LOGIN);
    }
    await this.limiter.recordSuccess(username);
    return this.signedIn(em, user, client);
  }

  /** Signs this device out: its session ends, the user's other sessions go on. */
  async logout(em: EntityManager, user: User, sessionId: string): Promise<void> {
    await em.nativeUpdate(Session, { id: sessionId, user: user.id, revokedAt: null }, { revokedAt: new Date() });
    this.sessionsEnded(user);
  }

  /** The user's working sessions, the most recently used first. */
  mySessions(em: EntityManager, user: User): Promise<Session[]> {
    return em.find(
      Session,
      { user: user.id, revokedAt: null, expiresAt: { $gt: new Date() }, tokenVersion: user.tokenVersion },
      { orderBy: { lastUsedAt: 'desc', createdAt: 'desc' } },
    );
  }

  /** Ends one of the user's sessions; another user's session, or one already ended, is NOT_FOUND. */
  async endSession(em: EntityManager, user: User, sessionId: string): Promise<Session> {
    const session = await em.findOne(Session, { id: sessionId, revokedAt: null });
    assertMayEndSession(user, session);
    session.revokedAt = new Date();
    await em.flush();
    this.sessionsEnded(user);
    return session;
  }

  /** Ends every session of the user, and with them their kiosk and check-in codes (the token version moves on). */
  async signOutEverywhere(em: EntityManager, user: User): Promise<void> {
    await this.endAllSessions(em, user);
    this.sessionsEnded(user);
  }

  /** Moves the user's token version on (the everything switch) and marks every session ended. */
  private async endAllSessions(em: EntityManager, user: User): Promise<void> {
    user.tokenVersion += 1;
    // The version moves first: should what follows fail, every session has ended already.
    await em.flush();
    await em.nativeUpdate(Session, { user: user.id, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Changes the password, ends every other session and returns a fresh token for this device. */
  async changePassword(em: EntityManager, user: User, sessionId: string, currentPassword: string, newPassword: string): Promise<SignedIn> {
    await em.populate(user, ['passwordHash']);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw badInput('Your current password is not correct.', { currentPassword: 'Your current password is not correct.' });
    }
    const problem = passwordProblem(newPassword, user);
    if (problem) throw badInput(problem, { newPassword: problem });
    user.passwordHash = await hashPassword(newPassword);
    const current = await em.findOneOrFail(Session, { id: sessionId });
    await this.endAllSessions(em, user);
    // This device stays signed in, in a new session (its old token ends with the others) that keeps its sign-in time.
    const renewed = new Session(user, user.tokenVersion, current.device, current.ip, this.expiry());
    renewed.createdAt = current.createdAt;
    await em.persistAndFlush(renewed);
    this.sessionsEnded(user);
    const token = await this.tokens.sign({ userId: user.id, sessionId: renewed.id });
    return { token, user, redirect: await this.redirectFor(em, user) };
  }

  /** Sends a reset link when the address belongs to an active account; answers the same either way. */
  async requestPasswordReset(em: EntityManager, email: string, ip: string | null): Promise<void> {
    const address = email.trim();
    // 5 reset emails per address and per IP an hour; the answer stays the same when over.
    if (!(await this.quotas.reset.allow([`email:${address.toLowerCase()}`, ...(ip ? [`ip:${ip}`] : [])]))) return;
    const user = await em.findOne(User, { [sql.lower('email')]: address.toLowerCase(), isActive: true });
    if (!user || !user.username) return;
    await this.mailPasswordLink(
      em,
      user,
      RESET_TOKEN_TTL_MS,
      'password_reset',
      'Reset your studio password',
      (link) =>
        `Hi ${user.firstName},\n\nSomeone asked to reset the password for the studio account "${user.username}".\n` +
        `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
        `If you did not ask for this, you can ignore this email; your password stays the same.\n`,
    );
  }

  /** Emails a member made at the front desk a link to choose their password (valid a week, single use). */
  async sendWelcomeLink(em: EntityManager, user: User): Promise<void> {
    if (!user.email || !user.username) return;
    await this.mailPasswordLink(
      em,
      user,
      WELCOME_TOKEN_TTL_MS,
      'welcome',
      'Welcome to the studio: choose your password',
      (link) =>
        `Hi ${user.firstName},\n\nThe studio made an account for you. Your username is "${user.username}".\n` +
        `To choose your password and sign in, open this link within 7 days:\n\n${link}\n\n` +
        `After that you can book classes, sign your waiver and manage your family online.\n`,
    );
  }

  private async mailPasswordLink(
    em: EntityManager,
    user: User,
    ttlMs: number,
    kind: string,
    subject: string,
    text: (link: string) => string,
  ): Promise<void> {
    const raw = randomBytes(32).toString('base64url');
    em.persist(new PasswordResetToken(user, sha256(raw), new Date(Date.now() + ttlMs)));
    const message = this.email.queue(em, {
      to: user.email!,
      kind,
      subject,
      text: text(`${this.env.publicUrl}/reset-password?token=${raw}`),
    });
    await em.flush();
    await this.email.dispatch(message);
  }

  /** Sets a new password from a single-use reset token and revokes every existing session. */
  async resetPassword(em: EntityManager, rawToken: string, newPassword: string): Promise<void> {
    let userId: string | null = null;
    await em.transactional(async (tx) => {
      const reset = await tx.findOne(PasswordResetToken, { tokenHash: sha256(rawToken) }, { populate: ['user'] });
      if (!reset || reset.usedAt || reset.expiresAt.getTime() < Date.now() || !reset.user.isActive) {
        throw badInput(INVALID_RESET, { token: INVALID_RESET });
      }
      const problem = passwordProblem(newPassword, reset.user);
      if (problem) throw badInput(problem, { password: problem });
      // Claim the token atomically so two concurrent resets cannot both use it.
      const claimed = await tx.nativeUpdate(PasswordResetToken, { id: reset.id, usedAt: null }, { usedAt: new Date() });
      if (claimed !== 1) throw badInput(INVALID_RESET, { token: INVALID_RESET });
      reset.user.passwordHash = await hashPassword(newPassword);
      await this.endAllSessions(tx, reset.user);
      userId = reset.user.id;
    });
    if (userId) this.sessionsEnded({ id: userId });
  }
}
