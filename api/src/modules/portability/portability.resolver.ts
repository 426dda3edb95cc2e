import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { ExportTable } from './portability.types.js';
import { Scope } from '../../graphql/access.js';

/** /admin/import-export: what the studio's data can be downloaded as. */
@Resolver()
export class PortabilityResolver {
  @Authorized(Role.admin)
  @Query(() => [ExportTable], { description: 'Every table an admin can export, in the modules’ order' })
  @Scope('studio:read')
  exportTables(@Ctx() ctx: Context): ExportTable[] {
    return [...ctx.services.exports.values()].map((source) => ({
      name: source.name,
      title: source.title,
      description: source.description,
      columns: source.columns.map((c) => c.header),
      personal: Boolean(source.person),
    }));
  }
}
