import { deckExpiryProblem, DeckLinkFields } from '@fp/contracts';

/** Today as the date picker counts days (local), its `min`: no past day is offered. */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
/** A picked day expires at its end, local time. */
export const expiryOf = (day: string) => new Date(`${day}T23:59:59`).toISOString();
export const dayOf = (iso: string | null) => (iso ? localToday(new Date(iso)) : '');

export interface LinkFormValues {
  name: string;
  email: string;
  requireEmail: boolean;
  allowDownload: boolean;
  watermark: boolean;
  verifyEmail: boolean;
  passcode: string;
  expires: string;
}
export type Problems = Partial<Record<'name' | 'email' | 'passcode' | 'expires', string>>;

/** The same schemas and messages the API parses with (contracts' DeckLinkFields, deckExpiryProblem). */
export function formProblems(v: LinkFormValues, now: Date): Problems {
  const out: Problems = {};
  const check = (key: keyof typeof DeckLinkFields, value: string) => {
    if (!value.trim()) return;
    const r = DeckLinkFields[key].safeParse(value);
    if (!r.success) out[key] = r.error.issues[0]?.message;
  };
  check('name', v.name);
  check('email', v.email);
  check('passcode', v.passcode);
  const expiry = v.expires ? deckExpiryProblem(expiryOf(v.expires), now) : null;
  if (expiry) out.expires = expiry;
  return out;
}
