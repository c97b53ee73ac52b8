import { z } from 'zod';

/** A recipient's address as a founder types it (deck links, data rooms, investor updates): trimmed, lower-cased. */
export const recipientEmail = z
  .string({ error: 'email must be an e-mail address' })
  .trim()
  .toLowerCase()
  .max(320, 'email is too long')
  .email('Please enter a valid email address');
