import type { EntityManager } from '@mikro-orm/postgresql';
import { MAILING_ATTACHMENT_MAX_BYTES, MAILING_ATTACHMENTS_MAX, MAILING_ATTACHMENTS_TOTAL_MAX_BYTES } from '@studio/rules';
import { randomUUID } from 'node:crypto';
import { badInput, notFound } from '../../graphql/errors.js';
import type { FileStorage } from '../../storage/index.js';
import type { OutboxAttachment } from '../email/outbox-email.entity.js';
import type { User } from '../users/user.entity.js';
import { MailingAttachment } from './mailing.entity.js';

/** What a mailing may attach, told by the file's first bytes (never by its name or the browser's word). */
const KINDS: { type: string; extension: string; matches: (b: Buffer) => boolean }[] = [
  { type: 'application/pdf', extension: 'pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'image/png',
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', extension: 'gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    extension: 'webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** A file name safe in a mail header and on any disk: no path, no control characters, at most 120 characters. */
export function safeFilename(given: string, extension: string): string {
  const base = (given.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'attachment'}.${extension}`;
}

/** Files admins attach to mailings, kept in the file storage and shared by every message of a mailing. */
export class MailingAttachments {
  constructor(private readonly storage: FileStorage) {}

  async upload(em: EntityManager, actor: User, filename: string, bytes: Buffer): Promise<MailingAttachment> {
    if (!bytes.length) throw badInput('The file is empty.');
    if (bytes.length > MAILING_ATTACHMENT_MAX_BYTES) throw badInput('Attach files of at most 5 MB.');
    const kind = KINDS.find((k) => k.matches(bytes));
    if (!kind) throw badInput('Attach a PDF or an image (JPEG, PNG, GIF or WebP).');
    const id = randomUUID();
    const key = `mailings/attachments/${id}.${kind.extension}`;
    await this.storage.put(key, bytes, kind.type);
    const attachment = new MailingAttachment({
      id,
      storageKey: key,
      filename: safeFilename(filename, kind.extension),
      contentType: kind.type,
      size: bytes.length,
      createdBy: actor,
    });
    try {
      await em.persistAndFlush(attachment);
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    return attachment;
  }

  /** The attachments a mailing names, checked (known, within the count and the total size), as the outbox keeps them. */
  async forMailing(em: EntityManager, ids: readonly string[]): Promise<OutboxAttachment[]> {
    if (!ids.length) return [];
    if (ids.length > MAILING_ATTACHMENTS_MAX) throw badInput(`At most ${MAILING_ATTACHMENTS_MAX} attachments.`);
    const found = await em.find(MailingAttachment, { id: { $in: [...ids] } });
    if (found.length < new Set(ids).size) throw notFound('That attachment');
    const total = found.reduce((sum, a) => sum + a.size, 0);
    if (total > MAILING_ATTACHMENTS_TOTAL_MAX_BYTES) throw badInput('Attachments may come to at most 10 MB together.');
    return ids
      .map((id) => found.find((a) => a.id === id)!)
      .map((a) => ({ filename: a.filename, contentType: a.contentType, key: a.storageKey }));
  }
}
