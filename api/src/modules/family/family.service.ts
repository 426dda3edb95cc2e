import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../graphql/errors.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import { assertMayManageFamily, familyMembersOf } from './family.policy.js';

export interface FamilyMemberData {
  firstName: string;
  lastName: string;
  birthday: string;
}

/**
 * A parent's family: people without their own login, managed by the parent. Minors can be signed for and booked
 * by the parent; adults are listed but must sign and book with their own account.
 */
export class FamilyService {
  constructor(private readonly users: UserService) {}

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
    await em.persistAndFlush(member);
    return member;
  }

  async update(em: EntityManager, parent: User, id: string, changes: Partial<FamilyMemberData>): Promise<User> {
    assertMayManageFamily(parent);
    this.check(changes);
    const member = await this.member(em, parent, id);
    if (changes.firstName !== undefined) member.firstName = changes.firstName.trim();
    if (changes.lastName !== undefined) member.lastName = changes.lastName.trim();
    if (changes.birthday !== undefined) member.birthday = changes.birthday;
    await em.flush();
    return member;
  }

  /** Removes the member from the family; the record stays for signatures and attendance history. */
  async remove(em: EntityManager, parent: User, id: string): Promise<void> {
    assertMayManageFamily(parent);
    const member = await this.member(em, parent, id);
    member.removedAt = new Date();
    await em.flush();
  }
}
