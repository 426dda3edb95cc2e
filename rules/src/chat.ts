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

/** The words a family search looks for (the first four): each must be part of the parent's first or last name. */
export function familySearchWords(search: string | null | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 4);
}

/** Whether a parent's name holds every search word, ignoring case: the family search's rule, for names already shown. */
export function familyNameMatches(words: readonly string[], name: { firstName: string; lastName: string }): boolean {
  const [first, last] = [name.firstName.toLowerCase(), name.lastName.toLowerCase()];
  return words.every((word) => first.includes(word.toLowerCase()) || last.includes(word.toLowerCase()));
}
