// What other features use of the profile. Pages loaded by routes.ts stay out (they are lazy chunks).
export { answerKeys, saveAnswer } from './answer-queries';
export { ChoicesCard, useSaveChoices } from './ChoicesCard';
export { choicesQueryOptions } from './choices-queries';
export { profileCompletionQueryOptions, startupProfileQueryOptions } from './queries';
