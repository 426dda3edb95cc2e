import { PasswordResetToken } from '../modules/auth/password-reset-token.entity.js';
import { OutboxEmail } from '../modules/email/outbox-email.entity.js';
import { Feedback } from '../modules/feedback/feedback.entity.js';
import { LandingPageConfig } from '../modules/landing/landing-page-config.entity.js';
import { User } from '../modules/users/user.entity.js';
import { WaiverDocument } from '../modules/waivers/waiver-document.entity.js';
import { WaiverSignature } from '../modules/waivers/waiver-signature.entity.js';

/** Every MikroORM entity, listed explicitly (no folder scanning: works the same from src and dist). */
export const entities = [User, WaiverDocument, WaiverSignature, LandingPageConfig, PasswordResetToken, OutboxEmail, Feedback];
