import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../test/app';
import { ormConfig } from './mikro-orm.config';

// The committed migrations must build exactly the schema the entities describe: otherwise the next
// `migration:create` proposes changes nobody made (as it did for check constraints written with `between`), or a
// constraint an entity promises is missing from the database.
describe('the committed migrations', () => {
  it('leave nothing for a schema diff against the entities', async () => {
    const orm = await MikroORM.init(ormConfig(await createTestDatabase(), { poolMax: 2 }));
    try {
      await orm.getMigrator().up();
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
    } finally {
      await orm.close(true);
    }
  });
});
