import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { AddToPipelineButton } from '../pipeline';
import { SavedSearchesBar, savedQuery } from '../saved-searches';
import { ActivityBanner } from './ActivityBanner';
import { DemoDataNotice } from './DemoDataNotice';
import { ReviewFirmDialog, ReviewFirstButton } from './ReviewFirmDialog';
import { SubmitBar } from './SubmitBar';
import { VcFirmDialog } from './VcFirmDialog';
import { useVcDatabase } from './vc-database/useVcDatabase';
import { VcFilterBar } from './vc-database/VcFilterBar';
import { VcTable } from './vc-database/VcTable';
import type { VcVariant } from './vc-queries';
import { searchFromFilters } from './vc-search';

const TEXT = {
  vc: {
    title: 'VC Database',
    description: 'Find venture capital firms that fit your startup and apply to them in one go.',
  },
  test: {
    title: 'Test VC Database',
    description: 'Try the submission flow safely: these test firms’ websites are local sandbox sites.',
  },
} as const;

/** The VC database and the Test VC database (spec §2, §4, §5): one screen, two variants. */
export function VcDatabaseScreen({ variant }: { variant: VcVariant }) {
  const db = useVcDatabase(variant);
  const { view, list, selection, submit } = db;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={TEXT[variant].title}
        description={TEXT[variant].description}
        className="mb-0"
        actions={
          variant === 'test' ? (
            <Link to="/vc-database" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Go to the VC Database
            </Link>
          ) : undefined
        }
      />
      {variant === 'vc' ? <DemoDataNotice kind="vc" /> : null}
      {variant === 'vc' ? <ActivityBanner guard={db.guard} /> : null}
      <VcFilterBar {...db} firmCount={db.firms.length} updating={list.isFetching && !!list.data} />
      {variant === 'vc' ? <SavedSearchesBar kind="vc" query={savedQuery(searchFromFilters(view.filters, 1))} /> : null}
      <VcTable {...db} onDetails={db.setDetails} />
      <SubmitBar
        state={submit.state}
        submitting={submit.submitting}
        onSubmit={submit.submit}
        onClear={selection.clear}
        actions={
          <>
            {submit.reviewable ? <ReviewFirstButton onClick={() => submit.review(submit.reviewable)} /> : null}
            <AddToPipelineButton investorIds={[...selection.selected]} investorKind="vc" size="md" />
          </>
        }
      />
      <ReviewFirmDialog
        firm={submit.reviewing}
        variant={variant}
        onOpenChange={(o) => !o && submit.review(null)}
        onSubmit={submit.submit}
        submitting={submit.submitting}
      />
      {submit.spendDialog}
      <VcFirmDialog firm={db.details} onClose={() => db.setDetails(null)} />
    </div>
  );
}
