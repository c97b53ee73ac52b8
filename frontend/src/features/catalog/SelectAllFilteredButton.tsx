import { ListChecks } from 'lucide-react';
import { Button } from '../../ui/Button';

/** "Select All Filtered (N)": selects every match of the filters, across pages (spec §5). */
export function SelectAllFilteredButton({
  total,
  selecting,
  onClick,
}: {
  total: number;
  selecting: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={!total || selecting} loading={selecting}>
      {selecting ? null : <ListChecks className="size-4" aria-hidden="true" />}
      Select All Filtered ({total.toLocaleString('en-US')})
    </Button>
  );
}
