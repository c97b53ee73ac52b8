import type { ReviewField, ReviewSourceKind } from '@fp/contracts';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/Table';

const KIND_VARIANT: Record<ReviewSourceKind, BadgeVariant> = {
  profile: 'secondary',
  answer: 'default',
  'default-message': 'default',
  setting: 'outline',
  'deck-link': 'secondary',
  'deck-file': 'secondary',
  document: 'secondary',
  'live-view': 'warning',
  unknown: 'outline',
};

/**
 * question → value → source, for the review before sending and for every sent run's details.
 * On a phone each row stacks (question, value, source) instead of scrolling sideways.
 */
export function ReviewTable({ fields, caption }: { fields: readonly ReviewField[]; caption: string }) {
  return (
    <Table aria-label={caption} data-testid="review-table" containerClassName="max-h-[50vh] overflow-y-auto">
      <TableHeader className="hidden sm:table-header-group">
        <TableRow>
          <TableHead className="w-[32%]">Question</TableHead>
          <TableHead>Value</TableHead>
          <TableHead className="w-[28%]">Source</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fields.map((f, i) => (
          <TableRow
            key={`${f.question}-${i}`}
            className="flex flex-col py-2 sm:table-row sm:py-0"
            data-testid="review-row"
          >
            <TableCell className="py-1 font-medium text-muted-foreground sm:py-3 sm:align-top" data-label="Question">
              {f.question}
            </TableCell>
            <TableCell className="py-1 break-words whitespace-pre-line sm:py-3 sm:align-top" data-label="Value">
              {f.value === 'checked' ? 'Ticked' : f.value}
            </TableCell>
            <TableCell className="py-1 sm:py-3 sm:align-top" data-label="Source">
              <Badge
                variant={KIND_VARIANT[f.kind]}
                className="max-w-full whitespace-normal text-left"
                title={f.source ?? undefined}
              >
                {f.sourceLabel}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
