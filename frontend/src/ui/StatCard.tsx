import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './Card';

/** A headline figure with a line under it and an action beside it (the dashboard's cards). */
export function StatCard({
  icon,
  title,
  value,
  detail,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  detail: ReactNode;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Card className="flex flex-col" data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="flex flex-1 items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="text-3xl font-bold tracking-tight tabular-nums">{value}</div>
          <p className="text-xs text-muted-foreground">{detail}</p>
        </div>
        <div className="shrink-0">{action}</div>
      </CardContent>
    </Card>
  );
}

/** A count with a tinted icon, compact enough for five in a row (the submissions' totals). */
export function StatTile({
  title,
  value,
  icon,
  tone,
  testId,
}: {
  title: string;
  value: number;
  icon: ReactNode;
  /** The icon's background and colour classes. */
  tone: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-center justify-between gap-3 p-4 sm:p-5">
        <div className="flex min-w-0 flex-col gap-1">
          {/* Wraps instead of cutting: "Total Submissions" is read whole at 375 px and in five columns. */}
          <p className="text-xs leading-tight font-medium text-balance text-muted-foreground sm:text-sm">{title}</p>
          <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value.toLocaleString('en-US')}</p>
        </div>
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-10 [&_svg]:size-5 ${tone}`}
        >
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}
