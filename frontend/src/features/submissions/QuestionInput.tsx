import { ANSWER_TEXT_MAX } from '@fp/contracts';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';

/** The founder's answer to one question a form asks: its options as a select, otherwise free text. */
export function QuestionInput({
  q,
  value,
  onChange,
}: {
  q: { question: string; required?: boolean; options?: string[] | null };
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={q.question} required={q.required}>
      {(p) =>
        q.options ? (
          <Select
            {...p}
            options={q.options}
            placeholder="Choose…"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Textarea
            {...p}
            rows={3}
            maxLength={ANSWER_TEXT_MAX}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
