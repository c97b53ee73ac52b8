export const firstRunStream = (userId: string) => `first-run-${userId}`;

/** The founder opened a live view for the first time (recorded once; the checklist's "watch it live"). */
type FirstRunLiveViewOpened = { type: 'FirstRunLiveViewOpened'; data: { userId: string; submissionId: string } };
/** The founder closed the first-run checklist (it stays closed). */
type FirstRunChecklistDismissed = { type: 'FirstRunChecklistDismissed'; data: { userId: string } };
export type FirstRunEvent = FirstRunLiveViewOpened | FirstRunChecklistDismissed;
