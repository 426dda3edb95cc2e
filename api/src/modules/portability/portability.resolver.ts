import { GraphQLByte } from 'graphql-scalars';
import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import { NO_KEYS, Scope } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { forbidden, unauthenticated } from '../../graphql/errors.js';
import { liveFeed, unwrapLive, type LiveResult } from '../../graphql/live.js';
import { Parent } from '../../graphql/parent.js';
import type { User } from '../users/user.entity.js';
import { Role } from '../users/role.js';
import type { ColumnMapping } from './people-import/columns.js';
import { PRESETS } from './people-import/presets.js';
import { ExportTable, ImportBatchView, importBatchView, ImportField, ImportSource, UndoImportResult } from './portability.types.js';
import { ImportColumnInput } from './portability.inputs.js';

/** /admin/import-export: what the studio's data can be downloaded as, and files from other systems brought in. */
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

  // Imports write and delete people wholesale: a signed-in admin's, never an API key's (as exports are).

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Query(() => [ImportSource], { description: 'The systems a file can be imported from' })
  importSources(): ImportSource[] {
    return PRESETS.map(({ name, label }) => ({ name, label }));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Query(() => [ImportBatchView], { description: 'The latest imports, newest first' })
  async importBatches(@Arg('first', () => Int, { defaultValue: 20 }) first: number, @Ctx() ctx: Context): Promise<ImportBatchView[]> {
    return (await ctx.services.portability.imports.list(ctx.em, Math.min(Math.max(first, 1), 100))).map(importBatchView);
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Query(() => ImportBatchView)
  async importBatch(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ImportBatchView> {
    return importBatchView(await ctx.services.portability.imports.find(ctx.em, id));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Query(() => String, { description: 'The rows a check refused, as CSV with a Problem column (GET /api/imports/<id>/problems.csv)' })
  importProblemsCsv(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.portability.imports.problemsCsv(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => ImportBatchView, {
    description: 'Uploads a CSV of people (PUT /api/imports/people?source=&filename= with the file as the body); nothing is imported yet',
  })
  async uploadImportFile(
    @Arg('source') source: string,
    @Arg('filename') filename: string,
    @Arg('file', () => GraphQLByte) file: Buffer,
    @CurrentUser() viewer: User,
    @Ctx() ctx: Context,
  ): Promise<ImportBatchView> {
    return importBatchView(await ctx.services.portability.imports.upload(ctx.em, viewer, { source, filename, file }));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => ImportBatchView, { description: 'Chooses the file’s column for each field (remembered for the next file like it)' })
  async setImportMapping(
    @Arg('id', () => ID) id: string,
    @Arg('mapping', () => [ImportColumnInput]) mapping: ImportColumnInput[],
    @Ctx() ctx: Context,
  ): Promise<ImportBatchView> {
    const chosen: ColumnMapping = {};
    for (const { field, column } of mapping) chosen[field] = column;
    return importBatchView(await ctx.services.portability.imports.setMapping(ctx.em, id, chosen));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => ImportBatchView, {
    description:
      'Runs the check (dryRun: written and rolled back, with its report) or, after one, the import, as a job; follow it with importProgress',
  })
  async startImport(
    @Arg('id', () => ID) id: string,
    @Arg('dryRun') dryRun: boolean,
    @Arg('skipFailingRows', { defaultValue: false }) skipFailingRows: boolean,
    @Ctx() ctx: Context,
  ): Promise<ImportBatchView> {
    return importBatchView(await ctx.services.portability.imports.start(ctx.em, id, { dryRun, skipFailingRows }));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => ImportBatchView, { description: 'Cancels a waiting or running check or import; nothing of it stays' })
  async cancelImport(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ImportBatchView> {
    return importBatchView(await ctx.services.portability.imports.cancel(ctx.em, id));
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => UndoImportResult, {
    description:
      'Undoes a finished import: deletes the people it made, gives back the values it changed. Refused (naming them) when records were changed or used since, unless keepChanged: then those stay and the rest is undone',
  })
  async undoImport(
    @Arg('id', () => ID) id: string,
    @Arg('keepChanged', { defaultValue: false }) keepChanged: boolean,
    @Ctx() ctx: Context,
  ): Promise<UndoImportResult> {
    const outcome = await ctx.services.portability.imports.undo(ctx.em, id, keepChanged);
    return { ...outcome, batch: importBatchView(outcome.batch) };
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Subscription(() => ImportBatchView, {
    description: 'Live: an import as it is now, then again at every step of its check or import (every 500 rows) and when it ends',
    subscribe: ({ args, context }) => importFeed(context as Context, String((args as { id: string }).id)),
  })
  importProgress(@Parent() change: LiveResult<ImportBatchView>, @Arg('id', () => ID) _id: string): ImportBatchView {
    return unwrapLive(change);
  }
}

function importFeed(ctx: Context, id: string): AsyncIterable<LiveResult<ImportBatchView>> {
  if (!ctx.user) throw unauthenticated();
  return liveFeed(ctx, 'IMPORT_PROGRESS', id, async (viewer) => {
    if (viewer.user.role !== Role.admin) throw forbidden();
    return importBatchView(await viewer.services.portability.imports.find(viewer.em, id));
  });
}

export { ImportField };
