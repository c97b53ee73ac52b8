import { PROFILE_FIELDS, PROFILE_LABELS, type ProfileField, type ProfileFormValues } from '@fp/contracts';
import { AlertTriangle } from 'lucide-react';
import type { FieldErrors } from 'react-hook-form';

/** The faulty fields in the form's order. */
const faultyFields = (errors: FieldErrors<ProfileFormValues>): ProfileField[] =>
  PROFILE_FIELDS.filter((f) => errors[f]?.message);

/**
 * At the top of the form after a refused save: every faulty field by name, each a link that opens
 * its tab and puts focus on it, so fields on other tabs are not missed.
 */
export function ErrorSummary({
  errors,
  onGoTo,
}: {
  errors: FieldErrors<ProfileFormValues>;
  onGoTo: (field: ProfileField) => void;
}) {
  const fields = faultyFields(errors);
  if (fields.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="profile-error-summary"
      data-testid="profile-error-summary"
      className="mb-5 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
    >
      <p id="profile-error-summary" className="flex items-center gap-2 font-medium text-destructive">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {fields.length === 1 ? '1 field needs a fix before saving' : `${fields.length} fields need a fix before saving`}
      </p>
      {/* Names only: each message stands next to its field, where the link leads. */}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 pl-6">
        {fields.map((f) => (
          <li key={f}>
            <a
              href={`#profile-${f}`}
              className="text-foreground underline underline-offset-2 hover:text-destructive"
              onClick={(e) => {
                e.preventDefault();
                onGoTo(f);
              }}
            >
              {PROFILE_LABELS[f]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
