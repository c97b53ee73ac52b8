import type { DeckPageFigure } from '@fp/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui';
import { durationLabel } from './queries';

/** Average time per page and how many readers reached it, as bars in a table (readable without the picture). */
export function PageChart({ pages }: { pages: DeckPageFigure[] }) {
  const maxSeconds = Math.max(1, ...pages.map((p) => p.avgSeconds));
  const maxReached = Math.max(1, ...pages.map((p) => p.reached));
  return (
    <Table data-testid="page-chart" containerClassName="border-0">
      <TableHeader>
        <TableRow>
          <TableHead className="w-14">Page</TableHead>
          <TableHead>Average time</TableHead>
          <TableHead>Readers who got here</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pages.map((p) => (
          <TableRow key={p.page} data-testid="page-row">
            <TableCell className="tabular-nums">{p.page}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <div
                  className="h-3 rounded-sm bg-primary"
                  style={{ width: `${Math.max(2, (p.avgSeconds / maxSeconds) * 100)}%`, maxWidth: '70%' }}
                  aria-hidden="true"
                />
                <span className="text-xs tabular-nums">{durationLabel(p.avgSeconds)}</span>
              </div>
            </TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <div
                  className="h-3 rounded-sm bg-success"
                  style={{ width: `${Math.max(2, (p.reached / maxReached) * 100)}%`, maxWidth: '70%' }}
                  aria-hidden="true"
                />
                <span className="text-xs tabular-nums">{p.reached}</span>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
