import { PageHeader } from '../../ui/PageHeader';

/** /settings and /profile — the startup profile editor goes here. */
export function SettingsPage() {
  return <PageHeader title="Settings" description="Manage your account settings and preferences." />;
}
