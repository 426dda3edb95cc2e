import { Booking } from '../modules/bookings/booking.entity.js';
import { WaitlistEntry } from '../modules/bookings/waitlist-entry.entity.js';
import { Apparatus, RigPoint } from '../modules/classes/apparatus.entity.js';
import { ClassBlueprint } from '../modules/classes/class-blueprint.entity.js';
import { ClassInstance } from '../modules/classes/class-instance.entity.js';
import { ClassSeries } from '../modules/classes/class-series.entity.js';
import { StudioClosure } from '../modules/classes/studio-closure.entity.js';
import { Notification } from '../modules/notifications/notification.entity.js';
import { StudioSettings } from '../modules/settings/studio-settings.entity.js';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity.js';
import { OutboxEmail } from '../modules/email/outbox-email.entity.js';
import { Feedback } from '../modules/feedback/feedback.entity.js';
import { LandingPageConfig } from '../modules/landing/landing-page-config.entity.js';
import { User } from '../modules/users/user.entity.js';
import { WaiverDocument } from '../modules/waivers/waiver-document.entity.js';
import { WaiverSignature } from '../modules/waivers/waiver-signature.entity.js';

/** Every MikroORM entity, listed explicitly (no folder scanning: works the same from src and dist). */
export const entities = [
  User,
  WaiverDocument,
  WaiverSignature,
  LandingPageConfig,
  PasswordResetToken,
  OutboxEmail,
  Feedback,
  StudioSettings,
  Apparatus,
  RigPoint,
  ClassBlueprint,
  ClassSeries,
  ClassInstance,
  StudioClosure,
  Booking,
  WaitlistEntry,
  Notification,
];
