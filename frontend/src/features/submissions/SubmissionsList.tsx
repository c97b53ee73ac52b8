import type { Submission } from '@fp/contracts';
import { AlertCircle, MapPin } from 'lucide-react';
import { Card, CardContent } from '../../ui/Card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';
import { notesFor } from './format';
import { StatusBadges } from './StatusBadges';
import { SubmissionActions } from './SubmissionActions';

function Notes({ submission }: { submission: Submission }) {
  const notes = notesFor(submission);
  return (
    <div className="flex flex-col gap-1">
      {notes ? (
        <p className="line-clamp-3 text-sm text-muted-foreground" title={notes}>
          {notes}
        </p>
      ) : null}
      {submission.error && submission.summary ? (
        <p className="flex items-start gap-1 text-xs text-destructive" data-testid="row-error">
          <AlertCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="line-clamp-2">{submission.error}</span>
        </p>
      ) : null}
    </div>
  );
}

function Firm({ submission }: { submission: Submission }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="truncate font-medium">{submission.vcFirm.name}</span>
      {submission.vcFirm.location ? (
        <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
          <MapPin className="size-3 shrink-0" aria-hidden="true" />
          {submission.vcFirm.location}
        </span>
      ) : null}
    </div>
  );
}

/** Wide screens: a table (VC Firm, Status, Notes/Summary, Actions). Small screens: cards. */
export function SubmissionsList({
  submissions,
  onDetails,
}: {
  submissions: Submission[];
  onDetails: (s: Submission) => void;
}) {
  return (
    <>
      <div className="hidden md:block" data-testid="submissions-table">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-[24%]">VC Firm</TableHead>
              <TableHead className="w-[16%]">Status</TableHead>
              <TableHead>Notes/Summary</TableHead>
              <TableHead className="w-[1%] text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {submissions.map((s) => (
              <TableRow key={s.id} data-testid="submission-row" data-submission-id={s.id} data-status={s.status}>
                <TableCell className="max-w-0">
                  <Firm submission={s} />
                </TableCell>
                <TableCell>
                  <StatusBadges submission={s} />
                </TableCell>
                <TableCell>
                  <Notes submission={s} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <SubmissionActions submission={s} onDetails={() => onDetails(s)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" data-testid="submissions-cards">
        {submissions.map((s) => (
          <li key={s.id}>
            <Card data-testid="submission-card" data-submission-id={s.id} data-status={s.status}>
              <CardContent className="flex flex-col gap-3 p-4 sm:p-4">
                <div className="flex items-start justify-between gap-3">
                  <Firm submission={s} />
                </div>
                <StatusBadges submission={s} />
                <Notes submission={s} />
                <SubmissionActions submission={s} onDetails={() => onDetails(s)} layout="card" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
