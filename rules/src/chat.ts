import { z } from 'zod';
import { requiredText } from './text';

/** The longest chat message: a few paragraphs, not a document. */
export const CHAT_MESSAGE_MAX = 2000;

/** A staff chat message: plain text (links allowed), never blank, at most 2,000 characters. */
export const chatMessage = requiredText('Write a message.', CHAT_MESSAGE_MAX, 'A message can be at most 2,000 characters.');

/** Search words within one conversation. */
export const chatSearch = z.string().trim().min(1, 'Type something to search for.').max(200, 'Search for at most 200 characters.');

/** Own messages can be edited or deleted this long after sending (admins may delete any message at any time). */
export const CHAT_EDIT_WINDOW_MINUTES = 5;
