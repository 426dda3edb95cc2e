import { apiKeyExpiry, apiKeyName, apiKeyScopes, apiKeyTrustedDocuments } from '@studio/rules';
import { IsOptional } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { ApiKey } from './api-key.entity.js';

@InputType({ description: 'A new API key: what it is for, what it may do, and optionally until when and which documents' })
export class CreateApiKeyInput {
  @Field({ description: 'The integration it is for; audit trails name its actions so' }) @Rule(apiKeyName) name: string;

  @Field(() => [String], { description: 'Scopes, e.g. schedule:read, bookings:write (see the README)' })
  @Rule(apiKeyScopes)
  scopes: string[];

  @Field(() => Date, { nullable: true, description: 'When the key stops working; never, if left out' })
  @IsOptional()
  @Rule(apiKeyExpiry)
  expiresAt?: Date | null;

  @Field(() => [String], {
    nullable: true,
    description: 'The only GraphQL documents the key may run (their exact text); any document, if left out',
  })
  @IsOptional()
  @Rule(apiKeyTrustedDocuments)
  trustedDocuments?: string[] | null;
}

@ObjectType({ description: 'A new API key and the key itself, shown this once' })
export class CreateApiKeyPayload {
  @Field(() => ApiKey) apiKey: ApiKey;
  @Field({ description: 'Send it as Authorization: Bearer <secret>. It is stored hashed and never shown again.' }) secret: string;
}
