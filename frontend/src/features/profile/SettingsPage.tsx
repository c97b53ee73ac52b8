import { useQuery } from '@tanstack/react-query';
import { useIdentity } from '../../lib/identity';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { PitchDeckSection } from './PitchDeckSection';
import { DocumentsSection } from './DocumentsSection';
import { DeckAlertsSection } from '../deck-links';
import { AnswerLibrary } from './AnswerLibrary';
import { ApplicationChoices } from './ApplicationChoices';
import { SpendingSettings } from '../credits';
import { ProfileForm } from './ProfileForm';
import { ProfileLoadFailed, ProfileLoading } from './ProfileStates';
import { startupProfileQueryOptions } from './queries';

/** The startup profile editor: loading, then error or loaded (spec §4). */
function StartupProfileEditor() {
  const query = useQuery(startupProfileQueryOptions());
  if (query.isPending) return <ProfileLoading />;
  // A failed background refetch keeps the loaded form; only a failed first load shows the panel.
  if (query.isError && !query.data)
    return <ProfileLoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ProfileForm data={query.data!} />;
}

/** /settings and /profile (spec §2). */
export function SettingsPage() {
  const { loaded, signedIn } = useIdentity();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title="Settings" description="Manage your account settings and preferences." />
      {!loaded ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-96 w-full rounded-xl" />
        </div>
      ) : signedIn ? (
        <div className="flex flex-col gap-6">
          <StartupProfileEditor />
          <PitchDeckSection />
          <DocumentsSection />
          <ApplicationChoices />
          <SpendingSettings />
          <DeckAlertsSection />
          <AnswerLibrary />
        </div>
      ) : null}
    </div>
  );
}
