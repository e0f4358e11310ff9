/**
 * Field schemas reused across calls. Their error messages are message keys (see messages.ts),
 * translated by whoever shows them, so the server answers in the request's language.
 */
import { z } from 'zod';
import {
  CURSOR_MAX,
  GROUP_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  STORED_ID_MAX,
  VERIFICATION_CODE_LENGTH,
  VIEW_TITLE_MAX,
} from './constants';
import { isValidEmail } from './rules';

export const email = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, { error: 'email_required' })
  .refine(isValidEmail, { error: 'email_invalid' })
  .transform((e) => e.toLowerCase());

/** Trimmed text that must not be blank: one message when missing or blank, another when too long. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const loginPassword = z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(200);

export const newPassword = z
  .string({ error: 'password_too_short' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_too_short' })
  .max(200, { error: 'password_too_long' });

export const verificationCode = requiredText('code_required', VERIFICATION_CODE_LENGTH, 'code_too_long');

export const innerCode = requiredText('invite_required', 64, 'invite_invalid');

/** A user's own invite code, optional at registration. */
export const inviteCode = z.string().trim().max(64).optional().default('');

export const title = requiredText('title_required', VIEW_TITLE_MAX, 'title_too_long');

export const groupName = requiredText('group_name_required', GROUP_NAME_MAX_LENGTH, 'group_name_too_long');

/**
 * A stored id: a view's, a group's, an account's or a post's. Posts and accounts of every network
 * (networks.ts: `fc:0x…`, `tg:<channel>/<n>`, `bsky:<did>/<rkey>`, X's numbers) fit, so any
 * network's id works in every call, cursor and `newerThan` (issue 29).
 */
export const id = z
  .string({ error: 'id_required' })
  .trim()
  .min(1, { error: 'id_required' })
  .max(STORED_ID_MAX, { error: 'id_too_long' });
export const cursor = z.string().max(CURSOR_MAX).optional().default('');
export const query = z.string().max(100).optional().default('');
