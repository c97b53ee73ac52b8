export { applyToFirm } from './apply-to-firm';
export { reviewForm, reviewOf } from './review';
export { analyseOutcome } from './analyse-outcome';
export { launchBrowser } from './browser';
export { classifyField, normalizeText, parseMoney, splitName } from './field-mapping';
export { decideField, decideUpload, exactNumber, fitValue, fullDate, valueForTarget, yearMonth } from './answering';
export type { FieldDescriptor } from './field-mapping';
export { matchOption, parseRange, stageOrdinals } from './option-matching';
export { classifyButton, scoreLink, isSuccessText, isErrorText, isThankYouUrl } from './page-heuristics';
export { checkUrlSafety, isHostAllowed, isPrivateAddress, parseAllowedHosts } from './url-safety';
export type { Resolver } from './url-safety';
export { MAX_DECK_BYTES, pdfProblem, type DeckFile, type DocumentFile } from './deck';
export { withChoiceCards, type FrameScan, type ScannedButton, type ScannedControl } from './dom-scan';
export { keepsValue } from './fill-form';
export type {
  ApplyOptions,
  ApplyResult,
  ApplyStep,
  CheckboxChoices,
  FailureCode,
  FounderAnswer,
  StartupProfile,
} from './types';
