import { sql, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ageOn, isDateOnly, todayIn } from '../../common/dates.js';
import type { DomainEventPayload } from '../../events/catalogue.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, conflict, notFound, type FieldErrors } from '../../graphql/errors.js';
import { hashPassword, passwordProblem } from './password.js';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import { photoKey, storedPhoto } from './photo-image.js';
import { Role, type Actor } from './role.js';
import { User } from './user.entity.js';
import { mergeMembers, type MergeOutcome } from './member-merge.js';
import { assertMayEditInstructorProfile, assertMaySetActive, assertMaySetRole, isProfilePublic } from './user.policy.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import { pgArray } from '../../common/pg-array.js';

export interface UserData {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  birthday: string;
  role: Role;
  password: string;
}

export type UserChanges = Partial<Pick<UserData, 'firstName' | 'lastName' | 'username' | 'email' | 'birthday'>> & { phone?: string };

const MAX_AGE = 120;

export class UserService {
  constructor(
    private readonly timeZone: string,
    private readonly pubsub: Pick<StudioPubSub, 'publish'>,
    private readonly storage: FileStorage,
    private readonly events: DomainEvents,
  ) {}

  today(): string {
    return todayIn(this.timeZone);
  }

  age(user: Pick<User, 'birthday'>): number {
    return ageOn(user.birthday, this.today());
  }

  /** A message when the birthday is not a real past date or the person is younger than `minAge`. */
  birthdayProblem(birthday: string, minAge = 0): string | null {
    if (!isDateOnly(birthday)) return 'Enter a valid date (YYYY-MM-DD).';
    const age = ageOn(birthday, this.today());
    if (birthday > this.today()) return 'The birthday cannot be in the future.';
    if (age > MAX_AGE) return 'Please check the year of birth.';
    if (age < minAge) {
      return minAge >= 18
        ? 'A parent or guardian must be 18 or older.'
        : `You must be at least ${minAge} to have your own account; a parent can add you as a family member.`;
    }
    return null;
  }

  /** Refuses a username or email already used by someone else (case-insensitive), with field-level messages. */
  async assertUnique(em: EntityManager, data: { username?: string | null; email?: string | null }, exceptId?: string): Promise<void> {
    const fields: FieldErrors = {};
    const taken = async (column: 'username' | 'email', value: string) =>
      (await em.count(User, { [sql.lower(column)]: value.trim().toLowerCase(), ...(exceptId ? { id: { $ne: exceptId } } : {}) })) > 0;
    if (data.username && (await taken('username', data.username))) fields.username = 'That username is already taken.';
    if (data.email && (await taken('email', data.email))) fields.email = 'An account with that email already exists.';
    if (Object.keys(fields).length) throw conflict(Object.values(fields).join(' '), fields);
  }

  /** Inserts a user; a unique-index race with another request still ends as a CONFLICT, never a 500. */
  /** Saves a new person and announces member.created with it (one transaction). */
  async insert(em: EntityManager, user: User, via: DomainEventPayload<'member.created'>['via']): Promise<void> {
    try {
      await em.transactional(async (tx) => {
        tx.persist(user);
        await tx.flush();
        await this.events.emit(tx, 'member.created', { userId: user.id, role: user.role, guardianId: user.guardian?.id ?? null, via });
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        em.clear();
        throw conflict('That username or email is already in use.', {
          username: 'That username may already be taken.',
          email: 'That email may already be in use.',
        });
      }
      throw err;
    }
  }

  async create(em: EntityManager, data: UserData): Promise<User> {
    const fields: FieldErrors = {};
    const problem = passwordProblem(data.password, data);
    if (problem) fields.password = problem;
    const birthday = this.birthdayProblem(data.birthday);
    if (birthday) fields.birthday = birthday;
    if (Object.keys(fields).length) throw badInput('Please correct the highlighted fields.', fields);
    await this.assertUnique(em, data);
    const user = new User({ firstName: data.firstName.trim(), lastName: data.lastName.trim(), birthday: data.birthday, role: data.role });
    user.username = data.username.trim();
    user.email = data.email.trim();
    user.passwordHash = await hashPassword(data.password);
    await this.insert(em, user, 'admin');
    return user;
  }

  async findAccount(em: EntityManager, id: string): Promise<User> {
    const user = await em.findOne(User, { id, username: { $ne: null } });
    if (!user) throw notFound('That user');
    return user;
  }

  /** Applies profile changes (by the user themselves or an admin). */
  async update(em: EntityManager, user: User, changes: UserChanges): Promise<User> {
    if (changes.birthday !== undefined) {
      const problem = this.birthdayProblem(changes.birthday);
      if (problem) throw badInput(problem, { birthday: problem });
    }
    if (changes.username !== undefined && !user.username) throw badInput('Family members without an account have no username.');
    await this.assertUnique(em, { username: changes.username, email: changes.email }, user.id);
    for (const [key, value] of Object.entries(changes) as [keyof UserChanges, string | undefined][]) {
      if (value === undefined || value === null) continue;
      // An empty phone is no phone.
      if (key === 'phone') user.phone = value.trim() || null;
      else user[key] = value.trim();
    }
    try {
      await em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict('That username or email is already in use.');
      throw err;
    }
    return user;
  }

  async setRole(em: EntityManager, actor: User, id: string, role: Role): Promise<User> {
    const user = await this.findAccount(em, id);
    assertMaySetRole(actor, user, role);
    user.role = role;
    await em.flush();
    return user;
  }

  /** Deactivated users cannot sign in; bumping the token version ends their current sessions. */
  async setActive(em: EntityManager, actor: User, id: string, active: boolean): Promise<User> {
    const user = await this.findAccount(em, id);
    assertMaySetActive(actor, user, active);
    if (user.isActive !== active) {
      user.isActive = active;
      if (!active) user.tokenVersion += 1;
      await em.flush();
      // Open sockets check their tokens again now, not at their next event (http/session-sockets.ts).
      if (!active) this.pubsub.publish('SESSIONS_ENDED', { userId: user.id });
    }
    return user;
  }

  /**
   * Deactivates many accounts at once (a bulk action; the caller leaves out the acting admin): those still active
   * are deactivated and their sessions end. Answers how many were deactivated.
   */
  async deactivateMany(em: EntityManager, ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    const changed = await em.getConnection().execute<{ id: string }[]>(
      `update app_user set is_active = false, token_version = token_version + 1, updated_at = now()
          where id = any (?::uuid[]) and is_active and username is not null returning id`,
      [pgArray(ids)],
      'all',
      em.getTransactionContext(),
    );
    // Open sockets check their tokens again now (http/session-sockets.ts).
    for (const { id } of changed) this.pubsub.publish('SESSIONS_ENDED', { userId: id });
    return changed.length;
  }

  /** Merges the duplicate account into the kept one (see member-merge.ts); the duplicate's open sockets end. */
  async merge(em: EntityManager, actor: User, keptId: string, mergedId: string): Promise<MergeOutcome> {
    const outcome = await mergeMembers(em, this.events, actor, keptId, mergedId);
    this.pubsub.publish('SESSIONS_ENDED', { userId: outcome.merged.id });
    return outcome;
  }

  // ── instructor photos ───────────────────────────────────────────────────────────────────────────────────

  /** The person whose instructor profile `actor` changes (users.policy: their own, or any instructor's for admins). */
  async findEditableProfile(em: EntityManager, actor: Actor, userId: string): Promise<User> {
    const person = await em.findOne(User, { id: userId, removedAt: null });
    assertMayEditInstructorProfile(actor, person);
    return person;
  }

  /** Someone whose instructor profile anyone may see (users.policy), or NOT_FOUND. */
  async findPublicProfile(em: EntityManager, id: string): Promise<User> {
    const person = await em.findOne(User, { id, removedAt: null });
    if (!person || !isProfilePublic(person)) throw notFound('That instructor');
    return person;
  }

  /**
   * Checks and stores a new photo (see photo-image.ts), replacing any earlier one. Each version is its own file in
   * storage (photo-image.ts photoKey), so an address that names a version always answers that version's bytes.
   */
  async setPhoto(em: EntityManager, actor: Actor, userId: string, bytes: Buffer): Promise<User> {
    const person = await this.findEditableProfile(em, actor, userId);
    const { content, contentType } = await storedPhoto(bytes);
    const previous = person.photoUpdatedAt;
    // A new version even within the same millisecond as the last one, so the new address is never a cached old one.
    const updatedAt = new Date(Math.max(Date.now(), (previous?.getTime() ?? 0) + 1));
    const key = photoKey(person.id, updatedAt);
    await this.storage.put(key, content, contentType);
    try {
      await em.nativeUpdate(User, { id: person.id }, { photoUpdatedAt: updatedAt });
    } catch (err) {
      await this.deletePhotoFile(key);
      throw err;
    }
    person.photoUpdatedAt = updatedAt;
    if (previous) await this.deletePhotoFile(photoKey(person.id, previous));
    return person;
  }

  async removePhoto(em: EntityManager, actor: Actor, userId: string): Promise<User> {
    const person = await this.findEditableProfile(em, actor, userId);
    const previous = person.photoUpdatedAt;
    await em.nativeUpdate(User, { id: person.id }, { photoUpdatedAt: null });
    person.photoUpdatedAt = null;
    if (previous) await this.deletePhotoFile(photoKey(person.id, previous));
    return person;
  }

  /** An instructor or teacher with a photo, for anyone (it shows on the public schedule); null for anyone else. */
  async photoOwner(em: EntityManager, userId: string): Promise<(User & { photoUpdatedAt: Date }) | null> {
    const person = await em.findOne(User, { id: userId, removedAt: null, photoUpdatedAt: { $ne: null } });
    return person && isProfilePublic(person) ? (person as User & { photoUpdatedAt: Date }) : null;
  }

  /** A file no version points to any more; one left behind costs only space. */
  private async deletePhotoFile(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((err: Error) => log.warn('could not delete a photo file; it is left behind', { key, message: err.message }));
  }
}
