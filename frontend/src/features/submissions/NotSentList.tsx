import type { FormReview } from '@fp/contracts';

type NotSent = FormReview['notSent'];

/**
 * Every field not filled: the values you gave that a field refuses (with why), then the fields left empty
 * (boxes left unticked, uploads of a document you have not added…), for the review before sending and a run's details.
 */
export function NotSentList({ notSent }: { notSent: NotSent }) {
  const given = notSent.filter((n) => n.given);
  const empty = notSent.filter((n) => !n.given);
  if (!notSent.length) return null;
  const item = (n: NotSent[number]) => (
    <li key={n.question}>
      <span className="font-medium">{n.question}</span>: {n.reason}
    </li>
  );
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="review-not-sent">
      {given.length ? (
        <div className="rounded-lg border border-warning/40 bg-warning/10 p-3">
          <h3 className="font-semibold">Not sent</h3>
          <p className="text-muted-foreground">You gave these, but the form does not accept them as they are:</p>
          <ul className="mt-1 list-disc pl-5">{given.map(item)}</ul>
        </div>
      ) : null}
      {empty.length ? (
        <details>
          <summary className="cursor-pointer text-muted-foreground">
            Left empty ({empty.length} optional {empty.length === 1 ? 'field' : 'fields'})
          </summary>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">{empty.map(item)}</ul>
        </details>
      ) : null}
    </div>
  );
}
