import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env.js';
import { badInput, rateLimited, unauthenticated, type FieldErrors } from '../../graphql/errors.js';
import type { EmailService } from '../email/email.service.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import type { WaiverService } from '../waivers/waiver.service.js';
import type { FailureLimiter, RequestQuota } from './login-limiter.js';
import { hashPassword, passwordProblem, verifyPassword } from '../users/password.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import type { TokenSigner } from './tokens.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid username or password.';
const INVALID_RESET = 'This reset link is invalid or has expired. Please ask for a new one.';

export interface Session {
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

const SESSION_USER_SQL = `select id, first_name, last_name, username, email, role, birthday, is_active, token_version,
  guardian_id, removed_at, created_at, updated_at from app_user where id = ? and is_active = true`;

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
  ) {}

  /** The active user a token belongs to, or null when the token is invalid, expired or revoked. */
  async userForToken(em: EntityManager, token: string): Promise<User | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    // Runs on every authenticated request: plain SQL mapped to a managed entity skips the query builder.
    const [row] = await em.getConnection().execute(SESSION_USER_SQL, [claims.userId]);
    if (!row || row.token_version !== claims.tokenVersion) return null;
    return em.map(User, row);
  }

  private async session(em: EntityManager, user: User): Promise<Session> {
    const token = await this.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
    const signed = await this.waivers.signedUserIds(em, [user.id]);
    return { token, user, redirect: signed.has(user.id) ? '/dashboard' : '/waiver' };
  }

  async register(em: EntityManager, data: RegisterData, ip: string | null): Promise<Session> {
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
    await this.users.insert(em, user);
    return this.session(em, user);
  }

  async login(em: EntityManager, username: string, password: string, ip: string | null): Promise<Session> {
    await this.limiter.assertAllowed(username, ip);
    const user = await em.findOne(User, { [sql.lower('username')]: username.trim().toLowerCase() }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(password, user?.passwordHash);
    if (!user || !ok || !user.isActive) {
      await this.limiter.recordFailure(username, ip);
      throw unauthenticated(INVALID_LOGIN);
    }
    await this.limiter.recordSuccess(username);
    return this.session(em, user);
  }

  /** Revokes every token of the user (all devices). */
  async logout(em: EntityManager, user: User): Promise<void> {
    user.tokenVersion += 1;
    await em.flush();
  }

  /** Changes the password, revokes other sessions and returns a fresh session for this device. */
  async changePassword(em: EntityManager, user: User, currentPassword: string, newPassword: string): Promise<Session> {
    await em.populate(user, ['passwordHash']);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw badInput('Your current password is not correct.', { currentPassword: 'Your current password is not correct.' });
    }
    const problem = passwordProblem(newPassword, user);
    if (problem) throw badInput(problem, { newPassword: problem });
    user.passwordHash = await hashPassword(newPassword);
    user.tokenVersion += 1;
    await em.flush();
    return this.session(em, user);
  }

  /** Sends a reset link when the address belongs to an active account; answers the same either way. */
  async requestPasswordReset(em: EntityManager, email: string, ip: string | null): Promise<void> {
    const address = email.trim();
    // 5 reset emails per address and per IP an hour; the answer stays the same when over.
    if (!(await this.quotas.reset.allow([`email:${address.toLowerCase()}`, ...(ip ? [`ip:${ip}`] : [])]))) return;
    const user = await em.findOne(User, { [sql.lower('email')]: address.toLowerCase(), isActive: true });
    if (!user || !user.username) return;
    const raw = randomBytes(32).toString('base64url');
    em.persist(new PasswordResetToken(user, sha256(raw), new Date(Date.now() + RESET_TOKEN_TTL_MS)));
    const link = `${this.env.publicUrl}/reset-password?token=${raw}`;
    const message = this.email.queue(em, {
      to: user.email!,
      kind: 'password_reset',
      subject: 'Reset your studio password',
      text:
        `Hi ${user.firstName},\n\nSomeone asked to reset the password for the studio account "${user.username}".\n` +
        `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
        `If you did not ask for this, you can ignore this email; your password stays the same.\n`,
    });
    await em.flush();
    await this.email.dispatch(message);
  }

  /** Sets a new password from a single-use reset token and revokes every existing session. */
  async resetPassword(em: EntityManager, rawToken: string, newPassword: string): Promise<void> {
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
      reset.user.tokenVersion += 1;
    });
  }
}
