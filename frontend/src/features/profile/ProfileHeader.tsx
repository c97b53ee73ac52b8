import type { ProfileCompletion } from '@fp/contracts';
import { CircleCheck } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Progress } from '../../ui/Progress';

/** The editor's completion state (spec §4): incomplete with a percentage badge, or complete with a green check. */
export function ProfileHeader({ completion }: { completion: ProfileCompletion }) {
  if (completion.isComplete) {
    return (
      <div className="flex flex-col gap-1.5" data-testid="profile-header">
        <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight sm:text-xl">
          <CircleCheck className="size-5 shrink-0 text-success" aria-label="Complete" />
          Your Startup Profile
        </h2>
        <p className="text-sm text-muted-foreground">Your profile is complete! You can update any information below.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="profile-header">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 className="text-lg font-semibold tracking-tight sm:text-xl">Complete Your Startup Profile</h2>
        <Badge variant="warning" data-testid="profile-percentage" aria-label={`${completion.percentage}% complete`}>
          {completion.percentage}%
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Complete your startup profile to unlock VC submissions. You're {completion.percentage}% done.
      </p>
      <Progress value={completion.percentage} label="Profile completion" className="h-1.5" />
    </div>
  );
}
