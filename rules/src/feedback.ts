import { z } from 'zod';

export const feedbackMessage = z.string().trim().min(1, 'Please write a message.').max(5000, 'Write a message of up to 5,000 characters.');
export const feedbackPage = z.string().max(300, 'Use at most 300 characters.');
