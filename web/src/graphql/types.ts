export type ApparatusInput = {
  description?: string | null | undefined;
  /** Omit to create */
  id?: string | number | null | undefined;
  name: string;
  /** Rig point names in order, e.g. Silks 1 … Silks 6 */
  rigPointNames?: Array<string> | null | undefined;
};

export type BillingInterval =
  | 'month'
  | 'year';

export type BlueprintInput = {
  apparatusId: string | number;
  defaultCapacity: number;
  defaultInstructorId?: string | number | null | undefined;
  description?: string;
  /** Cents; 0 for free */
  dropInPriceCents: number;
  durationMinutes: number;
  /** 1 (intro) to 5 */
  level: number;
  /** The oldest age that may be booked in; null: no upper limit */
  maxAge?: number | null | undefined;
  /** The youngest age that may be booked in; null: no lower limit */
  minAge?: number | null | undefined;
  name: string;
  usesRigPoints?: boolean;
};

export type BlueprintSortField =
  | 'apparatus'
  | 'defaultCapacity'
  | 'dropInPriceCents'
  | 'durationMinutes'
  | 'level'
  | 'name';

/** One person to book into the class, with their rig point when the class uses them */
export type BookingPersonInput = {
  /** Yourself or a child in your family */
  attendeeId: string | number;
  /** Required when the class uses rig points */
  rigPointId?: string | number | null | undefined;
};

export type BookingSource =
  | 'member'
  | 'staff'
  | 'waitlist'
  | 'walk_in';

export type BookingStatus =
  | 'cancelled'
  | 'confirmed'
  | 'held'
  | 'no_show';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
};

/** resync: (re)load the conversation; then messages added, edited or deleted, someone typing, a read receipt */
export type ChatEventKind =
  | 'message_added'
  | 'message_deleted'
  | 'message_edited'
  | 'read'
  | 'resync'
  | 'typing';

export type ChatMessageSource =
  | 'chat'
  | 'feedback';

export type CheckoutStatus =
  | 'completed'
  | 'expired'
  | 'failed'
  | 'open';

/** A class pack sold in the shop (a product of category membership) */
export type ClassPackProductInput = {
  active?: boolean;
  /** Classes it holds */
  classes: number;
  description?: string;
  name: string;
  /** In cents */
  priceCents: number;
  /** Days it is valid from purchase */
  validDays: number;
};

export type ClassStatus =
  | 'cancelled'
  | 'scheduled';

export type ClosureInput = {
  date: string;
  reason: string;
};

/** staff_room: all staff; family: a parent and all staff; direct: two staff members; feedback: staff only */
export type ConversationKind =
  | 'direct'
  | 'family'
  | 'feedback'
  | 'staff_room';

/** A new API key: what it is for, what it may do, and optionally until when and which documents */
export type CreateApiKeyInput = {
  /** When the key stops working; never, if left out */
  expiresAt?: string | null | undefined;
  /** The integration it is for; audit trails name its actions so */
  name: string;
  /** Scopes, e.g. schedule:read, bookings:write (see the README) */
  scopes: Array<string>;
  /** The only GraphQL documents the key may run (their exact text); any document, if left out */
  trustedDocuments?: Array<string> | null | undefined;
};

/** A member made at the front desk: an adult, or a parent with their children */
export type CreateMemberInput = {
  birthday: string;
  /** Children make the account a parent account */
  children?: Array<NewChildInput>;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null | undefined;
  /** Email a link to choose a password (valid 7 days) */
  sendPasswordLink?: boolean;
  /** Made from the email address when omitted */
  username?: string | null | undefined;
};

export type CsvImportOutcome =
  | 'created'
  | 'updated';

/** A dashboard period in the studio's time zone, compared with the one before it */
export type DashboardPeriod =
  /** From `from` to `to` (at most 366 days) */
  | 'custom'
  /** The 28 days ending today */
  | 'last_4_weeks'
  /** This calendar quarter */
  | 'this_quarter'
  /** Monday to Sunday of this week */
  | 'this_week';

/** THIS: only this class; THIS_AND_FOLLOWING: it and every later class of its series */
export type EditScope =
  | 'THIS'
  | 'THIS_AND_FOLLOWING';

export type FamilyInviteStatus =
  | 'accepted'
  | 'expired'
  | 'pending';

export type FamilyMemberInput = {
  /** YYYY-MM-DD */
  birthday: string;
  firstName: string;
  lastName: string;
};

export type FeedbackCategory =
  | 'bug'
  | 'feature'
  | 'general'
  | 'other'
  | 'question';

export type FeedbackInput = {
  category?: FeedbackCategory;
  message: string;
  page?: string | null | undefined;
};

/** A group: a name, and for a rule group its conditions (a group without a rule is manual) */
export type GroupInput = {
  description?: string | null | undefined;
  name: string;
  /** The conditions: given, the group is a rule group; omitted, a manual one */
  rule?: GroupRuleInput | null | undefined;
};

/** manual: members added by an admin; rule: whoever matches its conditions */
export type GroupKind =
  | 'manual'
  | 'rule';

/** A rule group’s conditions (see GroupRule) */
export type GroupRuleInput = {
  apparatusId?: string | number | null | undefined;
  bookedWithinDays?: number | null | undefined;
  classTypeIds?: Array<string | number> | null | undefined;
  maxAge?: number | null | undefined;
  membershipStatuses?: Array<MembershipStatus> | null | undefined;
  minAge?: number | null | undefined;
  minLevel?: number | null | undefined;
  notVisitedForDays?: number | null | undefined;
  packClassesLeftAtMost?: number | null | undefined;
  planIds?: Array<string | number> | null | undefined;
  roles?: Array<Role> | null | undefined;
  visitedWithinDays?: number | null | undefined;
  waiverMissing?: boolean | null | undefined;
};

/** The whole set of health and emergency details; empty text clears a field, all empty clears them */
export type HealthDetailsInput = {
  allergies?: string;
  emergencyContactName?: string;
  /** Digits, spaces and + ( ) - . like any phone */
  emergencyContactPhone?: string;
  emergencyContactRelationship?: string;
  medicalNotes?: string;
};

export type ImportColumnInput = {
  /** The column’s position in the file (0 is the first) */
  column: number;
  field: ImportField;
};

/** What an imported person may carry, each from one column */
export type ImportField =
  | 'birthday'
  | 'email'
  | 'externalId'
  | 'firstName'
  | 'lastName'
  | 'memberSince'
  | 'phone'
  | 'role'
  | 'status'
  | 'waiverSignedOn';

export type ImportState =
  | 'cancelled'
  | 'checked'
  | 'checking'
  | 'failed'
  | 'imported'
  | 'importing'
  | 'queued'
  | 'undone'
  | 'uploaded';

/** Changes to a class; omitted fields stay as they are */
export type InstanceChangesInput = {
  capacity?: number | null | undefined;
  /** A substitute instructor */
  instructorId?: string | number | null | undefined;
  notes?: string | null | undefined;
  startTime?: string | null | undefined;
};

export type InstanceInput = {
  blueprintId: string | number;
  capacity?: number | null | undefined;
  date: string;
  instructorId?: string | number | null | undefined;
  notes?: string | null | undefined;
  startTime: string;
};

export type InstanceSortField =
  | 'capacity'
  | 'instructor'
  | 'name'
  | 'spotsTaken'
  | 'startsAt';

/** What members read about an instructor on class details */
export type InstructorProfileInput = {
  /** The apparatus they teach, in any order */
  apparatusIds: Array<string | number>;
  /** Up to 1,000 characters; empty for none */
  bio: string;
};

/** An invoice as an admin makes or edits it */
export type InvoiceInput = {
  /** YYYY-MM-DD */
  dueDate: string;
  lines: Array<InvoiceLineInput>;
  memberId: string | number;
  memo?: string;
};

/** One line of an invoice */
export type InvoiceLineInput = {
  description: string;
  quantity: number;
  /** In cents; negative for a credit */
  unitCents: number;
};

export type InvoicePaymentMethod =
  | 'bank_transfer'
  | 'card'
  | 'cash';

export type InvoiceSortField =
  | 'createdAt'
  | 'dueDate'
  | 'member'
  | 'number'
  | 'status'
  | 'totalCents';

export type InvoiceStatus =
  | 'draft'
  | 'open'
  | 'paid'
  | 'uncollectible'
  | 'void';

export type JobRunState =
  | 'active'
  | 'completed'
  | 'failed';

export type JobTrigger =
  /** A later attempt of a job that failed (by itself or by an admin) */
  | 'retry'
  /** An admin asked for a run now */
  | 'run_now'
  /** Its cron came round */
  | 'schedule'
  /** The app queued the job (e.g. one email to deliver) */
  | 'sent';

export type LandingFeatureInput = {
  description: string;
  icon: string;
  title: string;
};

/** Who receives a mailing: everyone any of these names, once each */
export type MailingAudienceInput = {
  /** Classes whose roster receives it */
  classInstanceIds?: Array<string | number>;
  groupIds?: Array<string | number>;
  roles?: Array<Role>;
  /** People chosen one by one */
  userIds?: Array<string | number>;
};

/** A mailing to write: subject and Markdown body (both may use {{merge fields}}), and its audience */
export type MailingInput = {
  /** Files from uploadMailingAttachment, sent with every message */
  attachmentIds?: Array<string | number>;
  audience: MailingAudienceInput;
  /** Markdown: sent as safe HTML with a plain-text part */
  body: string;
  /** When to send it; omitted: now */
  scheduledAt?: string | null | undefined;
  subject: string;
};

export type MailingRecipientState =
  | 'bounced'
  | 'cancelled'
  | 'excluded'
  | 'failed'
  | 'held'
  | 'queued'
  | 'sent';

export type MailingStatus =
  | 'cancelled'
  | 'scheduled'
  | 'sending'
  | 'sent';

export type ManualPaymentMethod =
  | 'bank_transfer'
  | 'cash';

export type MembershipCheckoutStatus =
  | 'completed'
  | 'open';

/** active, past due or paused: holds one in that state; none: holds no active, past-due or paused membership */
export type MembershipFilter =
  | 'active'
  | 'none'
  | 'past_due'
  | 'paused';

/** A membership plan as /admin/memberships edits it */
export type MembershipPlanInput = {
  active?: boolean;
  /** Classes covered each period; null: unlimited */
  classesPerPeriod?: number | null | undefined;
  /** The class types (apparatus) covered; empty: every class */
  coveredApparatusIds?: Array<string | number>;
  description?: string;
  /** The holder's children also covered */
  familyMembers?: number;
  interval: BillingInterval;
  name: string;
  /** Price per billing period, in cents */
  priceCents: number;
  /** Charged once with the first payment, in cents */
  signUpFeeCents?: number;
};

export type MembershipSortField =
  | 'createdAt'
  | 'currentPeriodEnd'
  | 'failedPayments'
  | 'member'
  | 'plan'
  | 'status';

export type MembershipStatus =
  | 'active'
  | 'canceled'
  | 'past_due'
  | 'paused'
  | 'suspended';

export type MoveAttemptInput = {
  cleanReps: number;
  moveId: string | number;
  operationId?: string | null | undefined;
  side?: MoveSide;
  studentId: string | number;
};

export type MoveChangeKind =
  | 'attempt'
  | 'note'
  | 'placement'
  | 'sign_off_request'
  | 'state';

export type MoveInput = {
  aliases?: Array<string>;
  apparatusId: string | number;
  cleanDays?: number | null | undefined;
  cleanReps?: number | null | undefined;
  description?: string;
  hasSides?: boolean;
  /** Left out: a new move */
  id?: string | number | null | undefined;
  level: number;
  name: string;
  prerequisiteIds?: Array<string | number>;
  safetyNotes?: string;
};

export type MoveLevelInput = {
  apparatusId: string | number;
  cleanDays?: number;
  cleanReps?: number;
  name: string;
  number: number;
  requiredMoveIds: Array<string | number>;
};

export type MoveSide =
  | 'both'
  | 'left'
  | 'right';

export type MoveSortField =
  | 'apparatus'
  | 'createdAt'
  | 'level'
  | 'name';

/** Where a student stands on a move */
export type MoveState =
  /** Learning */
  | 'learning'
  /** Needs a spot */
  | 'needs_spot'
  /** Not started */
  | 'not_started'
  /** Signed off by an instructor */
  | 'signed_off'
  /** Solid on my own */
  | 'solid';

export type MoveStateInput = {
  moveId: string | number;
  /** Required to take a sign-off back */
  note?: string;
  /** The client's id for this change: sent again, it is applied once */
  operationId?: string | null | undefined;
  /** both on a move with sides: each side */
  side?: MoveSide;
  state: MoveState;
  studentId: string | number;
};

/** A child of a new parent account, made a family member without a login */
export type NewChildInput = {
  birthday: string;
  firstName: string;
  /** The parent's last name when omitted */
  lastName?: string | null | undefined;
};

/** personal: about your own bookings and payments; studio: the admins’ studio-wide feed */
export type NotificationAudience =
  | 'personal'
  | 'studio';

export type NotificationChangeKind =
  | 'added'
  | 'all_read'
  | 'cleared'
  | 'read'
  | 'resync';

/** admin: admins (their own notifications and the studio-wide feed); user: everyone else */
export type NotificationFeed =
  | 'admin'
  | 'user';

export type NotificationType =
  | 'check_in_available'
  | 'checkout'
  | 'class_reminder'
  | 'other'
  | 'payment_success';

export type OrderLineKind =
  | 'class'
  | 'membership'
  | 'product';

export type OrderStatus =
  /** An on-account sale given back before its invoice was paid */
  | 'cancelled'
  /** Charged to a member's account at the front desk: paid through its invoice, not counted as money here */
  | 'on_account'
  | 'paid'
  | 'partially_refunded'
  | 'refunded';

export type OutboxStatus =
  | 'cancelled'
  | 'failed'
  | 'held'
  | 'pending'
  | 'sent';

export type PaymentEventStatus =
  | 'failed'
  | 'processed';

export type PaymentStatus =
  | 'covered'
  | 'free'
  | 'paid'
  | 'unpaid';

export type PeopleSegment =
  /** People with a class pack running out: 1 to 3 classes left, not expired */
  | 'low_pack'
  /** Students coming to class (last 21 days), with the studio 90+ days, and no new level in 90 days */
  | 'stuck'
  /** Trial students who came 1–3 times, not in the last 14 days, and hold nothing nor booked ahead */
  | 'trial_not_back';

/** merchandise, snacks, class packs, or a drop-in class of today */
export type PosCategory =
  | 'dropin'
  | 'merchandise'
  | 'packs'
  | 'snacks';

/** How a front-desk sale was paid */
export type PosPaymentMethod =
  | 'account'
  | 'card'
  | 'cash';

export type PosSaleStatus =
  | 'awaiting_card'
  | 'completed'
  | 'open'
  | 'refunded'
  | 'voided';

export type ProductCategory =
  | 'invoice'
  | 'membership'
  | 'merchandise'
  | 'snacks';

/** A shop product as /admin/merch edits it */
export type ProductInput = {
  /** merchandise or snacks */
  category: ProductCategory;
  description?: string;
  /** Admins are told once when an option falls to this or below; null: never */
  lowStockThreshold?: number | null | undefined;
  name: string;
  /** Price in cents */
  priceCents: number;
  /** At least one. On update, options left out are removed (their stock history stays with the product). */
  variants: Array<ProductVariantInput>;
};

export type ProductSortField =
  | 'category'
  | 'createdAt'
  | 'name'
  | 'priceCents'
  | 'stockLeft';

/** A size or colour of a product. With an id it changes that option; without, it adds one. */
export type ProductVariantInput = {
  /** An option of this product to keep; leave out for a new one */
  id?: string | number | null | undefined;
  /** e.g. "M" or "Black"; empty for a product without options */
  label?: string | null | undefined;
  /** This option's own low-stock level; null: the product's */
  lowStockThreshold?: number | null | undefined;
  /** New options only: items on hand (null: unlimited). Stock of existing options changes through adjustStock. */
  stock?: number | null | undefined;
};

/** Why a request was refused (in the error's extensions.reason), for a client to offer the next step */
export type RefusalReason =
  /** The attendee's age on the class date is outside its class type's age range (named in the message) */
  | 'AGE_RANGE'
  /** The attendee is already booked in this class */
  | 'ALREADY_BOOKED'
  /** No spot or rig point is left in the class: offer the waitlist */
  | 'CLASS_FULL'
  /** A checkout for this invoice is already under way */
  | 'INVOICE_BEING_PAID'
  /** Cancelling now counts as a late cancellation: ask again with lateCancelAccepted */
  | 'LATE_CANCEL'
  /** The class requires moves the attendee has not signed off (named in the message): ask staff for a sign-off or an override */
  | 'MOVES_REQUIRED'
  /** An item in the cart is no longer sold: remove it */
  | 'NO_LONGER_SOLD'
  /** Fewer of the item are left than asked for */
  | 'OUT_OF_STOCK'
  /** The attendee is booked in another class at an overlapping time */
  | 'OVERLAP'
  /** The studio has not set up online payments */
  | 'PAYMENTS_NOT_SET_UP'
  /** The waitlist spot is paid: claim it by checking out from the cart */
  | 'PAYMENT_REQUIRED'
  /** The class still has free spots: book one instead of joining the waitlist */
  | 'SPOTS_AVAILABLE';

export type RegisterInput = {
  /** YYYY-MM-DD */
  birthday: string;
  email: string;
  firstName: string;
  /** Parents and guardians can add family members and sign for minors */
  isParentOrGuardian?: boolean;
  lastName: string;
  password: string;
  username: string;
};

/** What money received paid for */
export type RevenueCategory =
  | 'drop_ins'
  | 'invoices'
  | 'memberships'
  | 'merch'
  | 'packs'
  | 'snacks';

/** What a user may do in the studio app */
export type Role =
  | 'admin'
  | 'instructor'
  | 'parent'
  | 'student'
  | 'teacher';

export type ScheduleFilter = {
  apparatusIds?: Array<string | number> | null | undefined;
  /** Also list cancelled classes */
  includeCancelled?: boolean | null | undefined;
  instructorIds?: Array<string | number> | null | undefined;
  levels?: Array<number> | null | undefined;
};

/** Changes to a whole series; every class of it not yet started follows */
export type SeriesChangesInput = {
  capacity?: number | null | undefined;
  /** A later date adds classes (skipping closures); an earlier one cancels the classes after it */
  endDate?: string | null | undefined;
  instructorId?: string | number | null | undefined;
  startTime?: string | null | undefined;
};

export type SeriesInput = {
  blueprintId: string | number;
  /** Defaults to the class type's capacity */
  capacity?: number | null | undefined;
  endDate: string;
  /** Defaults to the class type's instructor */
  instructorId?: string | number | null | undefined;
  startDate: string;
  startTime: string;
  /** 0 = Sunday … 6 = Saturday */
  weekdays: Array<number>;
};

export type SeriesSortField =
  | 'endDate'
  | 'instructor'
  | 'name'
  | 'startDate'
  | 'startTime';

/** active: runs until its last date; ended: its last date has passed; cancelled: by an admin */
export type SeriesStatus =
  | 'active'
  | 'cancelled'
  | 'ended';

export type SignOffOutcome =
  | 'approved'
  | 'rejected';

export type SocialLinkInput = {
  label: string;
  url: string;
};

export type SortDirection =
  | 'ASC'
  | 'DESC';

export type StudentSortField =
  | 'age'
  | 'attended'
  | 'bookings'
  | 'lastAttendedAt'
  | 'name'
  | 'noShows';

export type StudioSettingsInput = {
  bookingWindowDays?: number | null | undefined;
  cancellationCutoffHours?: number | null | undefined;
  holdMinutes?: number | null | undefined;
  /** In cents; 0 for none */
  lateCancelFeeCents?: number | null | undefined;
  lateCancelUsesCredit?: boolean | null | undefined;
  membershipGraceDays?: number | null | undefined;
  /** In cents; 0 for none */
  noShowFeeCents?: number | null | undefined;
  waitlistOfferHours?: number | null | undefined;
};

export type UpdateBlueprintInput = {
  apparatusId?: string | number | null | undefined;
  defaultCapacity?: number | null | undefined;
  defaultInstructorId?: string | number | null | undefined;
  description?: string | null | undefined;
  dropInPriceCents?: number | null | undefined;
  durationMinutes?: number | null | undefined;
  isActive?: boolean | null | undefined;
  level?: number | null | undefined;
  /** The oldest age that may be booked in; null clears it, left out keeps it */
  maxAge?: number | null | undefined;
  /** The youngest age that may be booked in; null clears it, left out keeps it */
  minAge?: number | null | undefined;
  name?: string | null | undefined;
  usesRigPoints?: boolean | null | undefined;
};

export type UpdateFamilyMemberInput = {
  birthday?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
};

/** Changes to the landing page; omitted fields stay as they are */
export type UpdateLandingPageConfigInput = {
  announcementEnabled?: boolean | null | undefined;
  announcementText?: string | null | undefined;
  contactEmail?: string | null | undefined;
  contactPhone?: string | null | undefined;
  featuresContent?: Array<LandingFeatureInput> | null | undefined;
  featuresSubtitle?: string | null | undefined;
  featuresTitle?: string | null | undefined;
  heroBackgroundImage?: string | null | undefined;
  heroCta?: string | null | undefined;
  heroCtaLink?: string | null | undefined;
  heroSubtitle?: string | null | undefined;
  heroTitle?: string | null | undefined;
  introOfferCta?: string | null | undefined;
  introOfferLink?: string | null | undefined;
  introOfferText?: string | null | undefined;
  introOfferTitle?: string | null | undefined;
  primaryColor?: string | null | undefined;
  secondaryColor?: string | null | undefined;
  socialLinks?: Array<SocialLinkInput> | null | undefined;
  visitAddress?: string | null | undefined;
  visitHours?: string | null | undefined;
};

/** Changes to the signed-in user's own profile; omitted fields stay as they are */
export type UpdateProfileInput = {
  birthday?: string | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** An empty phone removes it */
  phone?: string | null | undefined;
};

export type UpdateUserInput = {
  birthday?: string | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** An empty phone removes it */
  phone?: string | null | undefined;
  username?: string | null | undefined;
};

export type UserSortField =
  | 'birthday'
  | 'createdAt'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'lastVisitAt'
  | 'role'
  | 'username';

/** Who may watch a video */
export type VideoAccess =
  /** Every signed-in member */
  | 'members'
  /** Members on one of the chosen membership plans (and staff) */
  | 'plans'
  /** Anyone, signed in or not */
  | 'public'
  /** Staff only */
  | 'staff';

export type VideoCollectionInput = {
  description?: string;
  id?: string | number | null | undefined;
  title: string;
  /** In order */
  videoIds: Array<string | number>;
};

/** A library video's details (its file is uploaded afterwards, to /api/uploads/videos) */
export type VideoInput = {
  access?: VideoAccess;
  apparatusId?: string | number | null | undefined;
  description?: string;
  level?: number | null | undefined;
  moveIds?: Array<string | number>;
  planIds?: Array<string | number>;
  title: string;
  unlockedByPrerequisites?: boolean;
};

export type VideoProcessing =
  | 'awaiting_upload'
  | 'failed'
  | 'processing'
  | 'ready';

export type VideoSharingInput = {
  /** The public page closes at this moment (null: no end) */
  expiresAt?: string | null | undefined;
  sharing: boolean;
};

export type WaitlistStatus =
  | 'claimed'
  | 'closed'
  | 'lapsed'
  | 'left'
  | 'offered'
  | 'waiting';

/** Whether a signature for the current waiver version exists */
export type WaiverFilter =
  | 'missing'
  | 'signed';

/** One section of a waiver version: its heading and text */
export type WaiverSectionInput = {
  /** Plain text; line breaks are kept (at most 10,000 characters) */
  body: string;
  heading: string;
};

/** The signer's marks: their full name typed, and optionally drawn */
export type WaiverSignatureInput = {
  /** The drawn signature as a PNG data URL (data:image/png;base64,…), at most 20,000 characters */
  drawing?: string | null | undefined;
  /** The signer's full name as on their account (case and extra spaces do not matter) */
  typedName: string;
};

/** Where a person stands with the waiver */
export type WaiverStanding =
  /** Signed the current version */
  | 'CURRENT'
  /** Never signed any version */
  | 'NEVER'
  /** Signed an older version only: asked again before their next booking */
  | 'OUTDATED';

export type WaiverStatusSortField =
  | 'name'
  | 'signedAt';

/** A new waiver version as the admin writes it */
export type WaiverVersionInput = {
  /** The document id printed on the waiver, e.g. ASTRO-WAIVER-2026 */
  documentId: string;
  /** The date printed as "last updated", YYYY-MM-DD: not before the current version’s, not after today */
  lastUpdated: string;
  sections: Array<WaiverSectionInput>;
  title: string;
};

export type WebhookDeliveryState =
  | 'failed'
  | 'pending'
  | 'sending'
  | 'succeeded';

/** What to change of an endpoint (omitted: kept); enabled: true also clears why it was disabled */
export type WebhookEndpointChange = {
  description?: string | null | undefined;
  enabled?: boolean | null | undefined;
  eventTypes?: Array<string> | null | undefined;
  url?: string | null | undefined;
};

/** A webhook endpoint: where to send, which events, and a note for the admins */
export type WebhookEndpointInput = {
  description?: string | null | undefined;
  /** Event types to deliver (at least one), e.g. booking.created */
  eventTypes: Array<string>;
  /** http(s) address of a public host, without a user name or password */
  url: string;
};
