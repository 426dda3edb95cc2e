import {
  invoiceLineDescription,
  invoiceLineQuantity,
  invoiceLineUnitCents,
  invoiceMemo,
  invoicePaymentReference,
  invoiceReason,
  MAX_INVOICE_LINES,
} from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsOptional, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly, Rule } from '../../common/validators.js';
import { Invoice, InvoiceStatus } from './invoice.entity.js';

@InputType({ description: 'One line of an invoice' })
export class InvoiceLineInput {
  @Field() @Rule(invoiceLineDescription) description: string;
  @Field(() => Int) @Rule(invoiceLineQuantity) quantity: number;
  @Field(() => Int, { description: 'In cents; negative for a credit' }) @Rule(invoiceLineUnitCents) unitCents: number;
}

@InputType({ description: 'An invoice as an admin makes or edits it' })
export class InvoiceInput {
  @Field(() => ID) @IsUUID('all', { message: 'Choose a member.' }) memberId: string;
  @Field(() => [InvoiceLineInput])
  @ArrayMinSize(1, { message: 'Add at least one line.' })
  @ArrayMaxSize(MAX_INVOICE_LINES, { message: `At most ${MAX_INVOICE_LINES} lines.` })
  @ValidateNested({ each: true })
  lines: InvoiceLineInput[];
  @Field({ description: 'YYYY-MM-DD' }) @IsDateOnly() dueDate: string;
  @Field({ defaultValue: '' }) @Rule(invoiceMemo) memo: string;
}

@ArgsType()
export class InvoiceIdArgs {
  @Field(() => ID) @IsUUID('all', { message: 'That invoice was not found.' }) id: string;
}

@ArgsType()
export class CreateInvoiceArgs {
  @Field(() => InvoiceInput) @ValidateNested() input: InvoiceInput;
  @Field({ defaultValue: false, description: 'Send it at once instead of keeping a draft' }) send: boolean;
}

@ArgsType()
export class UpdateInvoiceArgs extends InvoiceIdArgs {
  @Field(() => InvoiceInput) @ValidateNested() input: InvoiceInput;
}

@ArgsType()
export class InvoiceReasonArgs extends InvoiceIdArgs {
  @Field(() => String, { nullable: true, description: 'Why (kept with the invoice)' })
  @IsOptional()
  @Rule(invoiceReason)
  reason?: string | null;
}

export enum ManualPaymentMethod {
  cash = 'cash',
  bank_transfer = 'bank_transfer',
}
registerEnumType(ManualPaymentMethod, { name: 'ManualPaymentMethod' });

@ArgsType()
export class MarkInvoicePaidArgs extends InvoiceIdArgs {
  @Field(() => ManualPaymentMethod) method: ManualPaymentMethod;
  @Field(() => String, { nullable: true, description: "A bank transfer's reference or a cash receipt number" })
  @IsOptional()
  @Rule(invoicePaymentReference)
  reference?: string | null;
}

export enum InvoiceSortField {
  number = 'number',
  member = 'member',
  status = 'status',
  dueDate = 'dueDate',
  totalCents = 'totalCents',
  createdAt = 'createdAt',
}
registerEnumType(InvoiceSortField, { name: 'InvoiceSortField' });

@ArgsType()
export class InvoiceFilterArgs {
  @Field(() => InvoiceStatus, { nullable: true }) @IsOptional() status?: InvoiceStatus | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only overdue (unpaid past the due date); false: none of those' })
  @IsOptional()
  overdue?: boolean | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'That member was not found.' }) memberId?: string | null;
  @Field(() => String, { nullable: true, description: "Words in the member's name or email" })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  member?: string | null;
  @Field(() => String, { nullable: true, description: 'Issued on or after (YYYY-MM-DD)' }) @IsOptional() @IsDateOnly() from?: string | null;
  @Field(() => String, { nullable: true, description: 'Issued on or before (YYYY-MM-DD)' }) @IsOptional() @IsDateOnly() to?: string | null;
}

@ArgsType()
export class AdminInvoiceArgs extends PageArgs {
  @Field(() => InvoiceStatus, { nullable: true }) @IsOptional() status?: InvoiceStatus | null;
  @Field(() => Boolean, { nullable: true }) @IsOptional() overdue?: boolean | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'That member was not found.' }) memberId?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100, { message: 'Search for at most 100 characters.' }) member?:
    string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @IsDateOnly() from?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @IsDateOnly() to?: string | null;
  @Field(() => InvoiceSortField, { defaultValue: InvoiceSortField.number }) sortField: InvoiceSortField = InvoiceSortField.number;
  @Field(() => SortDirection, { defaultValue: SortDirection.DESC }) sortDirection: SortDirection = SortDirection.DESC;
}

@ObjectType({ description: 'Sums over every invoice the filters match (not only the page)' })
export class InvoiceTotals {
  @Field(() => Int) count: number;
  @Field(() => Int, { description: 'Billed, void ones left out, in cents' }) totalCents: number;
  @Field(() => Int) paidCents: number;
  @Field(() => Int, { description: 'Open and uncollectible' }) outstandingCents: number;
  @Field(() => Int) overdueCents: number;
}

@ObjectType()
export class InvoicePage extends Paginated(Invoice) {
  @Field(() => InvoiceTotals) totals: InvoiceTotals;
}

export enum InvoiceDocumentKind {
  invoice = 'invoice',
  receipt = 'receipt',
}
registerEnumType(InvoiceDocumentKind, { name: 'InvoiceDocumentKind' });

@ArgsType()
export class InvoicePdfArgs extends InvoiceIdArgs {
  @Field(() => InvoiceDocumentKind, { defaultValue: InvoiceDocumentKind.invoice }) kind: InvoiceDocumentKind;
}

@ObjectType({ description: 'A PDF as the REST facade serves it' })
export class InvoicePdf {
  @Field() filename: string;
  @Field() contentBase64: string;
}

@ObjectType({ description: 'Where to pay: the checkout page for the cart the invoice was put in' })
export class InvoiceCheckout {
  @Field() url: string;
  @Field() sessionId: string;
}
