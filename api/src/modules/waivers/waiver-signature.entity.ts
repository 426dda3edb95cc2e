import { SIGNATURE_DRAWING_MAX_LENGTH, SIGNATURE_NAME_MAX_LENGTH } from '@studio/rules';
import { Check, Entity, Formula, Index, ManyToOne, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { Relation } from '../../graphql/relation.js';

/** An immutable record that `signedBy` signed `document` for `signedFor`. A database trigger refuses updates and deletes. */
@ObjectType({ description: 'A waiver signature: who it covers, who signed, which version, when and from where' })
@Entity()
@Index({ properties: ['signedFor', 'document'] })
// The checks are written as PostgreSQL prints them back (no `between`, `~~` for `like`), so that the schema diff of
// `migration:create` sees no change in them.
@Check({
  name: 'waiver_signature_typed_name_check',
  expression: `typed_name is null or (length(btrim(typed_name)) >= 1 and length(btrim(typed_name)) <= ${SIGNATURE_NAME_MAX_LENGTH})`,
})
@Check({
  name: 'waiver_signature_drawing_check',
  expression: `drawing is null or (typed_name is not null and length(drawing) <= ${SIGNATURE_DRAWING_MAX_LENGTH} and drawing ~~ 'data:image/png;base64,%')`,
})
export class WaiverSignature {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WaiverDocument, { deleteRule: 'restrict' })
  document: WaiverDocument;

  @Field(() => User)
  @Relation()
  @ManyToOne(() => User, { deleteRule: 'restrict' })
  signedFor: User;

  @Field(() => User)
  @Relation()
  @ManyToOne(() => User, { deleteRule: 'restrict' })
  signedBy: User;

  @Field()
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  signedAt: Date = new Date();

  @Field(() => String, { nullable: true })
  @Property({ length: 64, nullable: true })
  ip: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 512, nullable: true })
  userAgent: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'The full name the signer typed as their signature (null on signatures taken before names were typed)',
  })
  @Property({ length: SIGNATURE_NAME_MAX_LENGTH, nullable: true })
  typedName: string | null = null;

  /** The drawn signature as a PNG data URL, if one was drawn; loaded only for the PDF copy. */
  @Property({ type: types.text, nullable: true, lazy: true })
  drawing: string | null = null;

  @Field({ description: 'Whether the signer also drew their signature (printed on the PDF copy)' })
  @Formula((alias) => `(${alias}.drawing is not null)`)
  hasDrawing: boolean;

  constructor(init: {
    document: WaiverDocument;
    signedFor: User;
    signedBy: User;
    ip?: string | null;
    userAgent?: string | null;
    typedName?: string | null;
    drawing?: string | null;
  }) {
    this.document = init.document;
    this.signedFor = init.signedFor;
    this.signedBy = init.signedBy;
    this.ip = init.ip ?? null;
    this.userAgent = init.userAgent ?? null;
    this.typedName = init.typedName ?? null;
    this.drawing = init.drawing ?? null;
    this.hasDrawing = this.drawing !== null;
  }
}
