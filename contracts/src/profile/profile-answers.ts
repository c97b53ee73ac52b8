// What the profile answers in an application form, derived from the field spec: for each question
// intent, the fields that answer it (exact values before ranges) and the value a form gets.
import { PROFILE_FIELDS, PROFILE_SPEC, type ProfileAnswerSpec, type ProfileField, type StartupProfile } from './fields';

type Answerer = { field: ProfileField } & ProfileAnswerSpec;

const ANSWERERS = new Map<string, Answerer[]>();
for (const field of PROFILE_FIELDS)
  for (const a of PROFILE_SPEC[field].answers)
    ANSWERERS.set(a.intent, [...(ANSWERERS.get(a.intent) ?? []), { field, ...a }]);
for (const list of ANSWERERS.values()) list.sort((a, b) => Number(!!b.exact) - Number(!!a.exact));

/** The question intents some profile field answers. */
export const PROFILE_ANSWER_INTENTS: ReadonlySet<string> = new Set(ANSWERERS.keys());

const text = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

/**
 * The profile's answer to a question of `intent`, as a form gets it, and the field it comes from; null
 * when the profile holds none. The first field holding a value answers: an exact value before a range.
 */
export function profileAnswer(intent: string, profile: StartupProfile): { field: ProfileField; value: string } | null {
  for (const a of ANSWERERS.get(intent) ?? []) {
    const held = text(profile[a.field]);
    if (held === null) continue;
    const value = a.format ? text(a.format(held, profile)) : held;
    return value === null ? null : { field: a.field, value };
  }
  return null;
}
