import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the directory asks the modules above it, supplied in their descriptors. A port nobody supplies is off (the
 * users table then refuses a `group` filter).
 */
export interface DirectoryPorts {
  /**
   * The condition a person over `app_user u` meets to be a member of this group (groups), as SQL with `?`
   * parameters; refuses an unknown group (NOT_FOUND).
   */
  groupCondition: (em: EntityManager, groupId: string) => Promise<{ sql: string; params: unknown[] }>;
}
