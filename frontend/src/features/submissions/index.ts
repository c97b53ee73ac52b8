// What other features and the app shell use of submissions. Pages loaded by routes.ts stay out (they are lazy chunks).
export { collectAnswers } from './collect-answers';
export { NotSentList } from './NotSentList';
export { QuestionInput } from './QuestionInput';
export { ReviewTable } from './ReviewTable';
export { WaitingRunsBanner } from './WaitingRunsBanner';
