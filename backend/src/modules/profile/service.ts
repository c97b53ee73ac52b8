import { eventTime } from '@fp/infra';
import {
  profileCompletion,
  profileStream,
  type FounderDocumentKind,
  type LibraryAnswer,
  type ProfileField,
  type StartupProfile,
  type StartupProfileResponse,
} from '@fp/contracts';
import type { AppContext } from '../../platform/context';
import type { FileStorage } from '../../platform/storage/index';
import { getPitchDeck, readPitchDeckCover, readPitchDeckFile } from './read-pitch-deck';
import { removePitchDeck } from './remove-pitch-deck';
import {
  addFounderDocument,
  listFounderDocuments,
  readFounderDocumentFiles,
  removeFounderDocument,
} from './founder-documents';
import { uploadPitchDeck } from './upload-pitch-deck';
import { handleCommand, type CommandMeta } from '../../platform/decider';
import { profileFromRow } from './columns';
import { profileDecider } from './profile-decider';
import { listAnswers } from './list-answers';
import { changeAnswers } from './change-answers';
import type { AnswerCommand } from './answers-decider';
import { changeStandingChoices, readStandingChoices } from './standing-choices';
import type { StandingChoicesCommand } from './standing-choices-decider';

/** The startup profile's public face (ctx.profile). */
export function createProfileService(
  ctx: Pick<AppContext, 'store' | 'db' | 'projections' | 'newId'> & { storage: FileStorage },
) {
  const get = async (userId: string): Promise<StartupProfileResponse> => {
    const row = await ctx.db
      .selectFrom('startup_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const profile = profileFromRow(row);
    return { profile, completion: profileCompletion(profile) };
  };
  return {
    /** The current pitch deck file and its history (Settings). */
    pitchDeck: (userId: string) => getPitchDeck(ctx, userId),
    /** The current deck's bytes, or null (the automation attaches it; the owner downloads it). */
    pitchDeckFile: (userId: string) => readPitchDeckFile(ctx, userId),
    /** The current deck's first page as a WebP image, or null (the deck viewer shows it first). */
    pitchDeckCover: (userId: string) => readPitchDeckCover(ctx, userId),
    uploadPitchDeck: (userId: string, fileName: string, bytes: Buffer, meta: CommandMeta) =>
      uploadPitchDeck(ctx, userId, fileName, bytes, meta),
    removePitchDeck: (userId: string, meta: CommandMeta) => removePitchDeck(ctx, userId, meta),
    /** The founder's other documents (a CV, a financial model…), one per kind (Settings). */
    documents: (userId: string) => listFounderDocuments(ctx, userId),
    /** Their bytes: the automation attaches each only where its kind is asked for; the owner downloads one. */
    documentFiles: (userId: string, only?: FounderDocumentKind) => readFounderDocumentFiles(ctx, userId, only),
    addDocument: (userId: string, kind: FounderDocumentKind, fileName: string, bytes: Buffer, meta: CommandMeta) =>
      addFounderDocument(ctx, userId, kind, fileName, bytes, meta),
    removeDocument: (userId: string, kind: FounderDocumentKind, meta: CommandMeta) =>
      removeFounderDocument(ctx, userId, kind, meta),
    /** The founder's profile and its completion, from the read model; an empty profile when none was saved. */
    get,

    /** The founder's answer library: their own answers, then the profile's long fields (see list-answers.ts). */
    async answers(userId: string): Promise<LibraryAnswer[]> {
      return listAnswers(ctx, userId, (await get(userId)).profile);
    },

    /** Saves, edits or deletes one answer of the library (answers-decider.ts). */
    changeAnswers: (userId: string, command: AnswerCommand, meta: CommandMeta) =>
      changeAnswers(ctx, userId, command, meta),

    /** Opt-ins, terms acceptance and the default message (Settings; every run reads them). */
    standingChoices: (userId: string) => readStandingChoices(ctx, userId),
    changeStandingChoices: (userId: string, command: StandingChoicesCommand, meta: CommandMeta) =>
      changeStandingChoices(ctx, userId, command, meta),

    /**
     * Applies a validated change (see UpdateStartupProfileRequest): appends what changed, then waits
     * for the read model so the next GET (and the submissions module's completeness check) agrees.
     */
    async update(
      userId: string,
      change: { set: StartupProfile; clear: ProfileField[] },
      meta: CommandMeta,
    ): Promise<StartupProfileResponse & { changed: boolean }> {
      const r = await handleCommand(
        ctx.store,
        profileStream(userId),
        profileDecider,
        { type: 'UpdateStartupProfile', data: { userId, ...change } },
        meta,
        { maxRetries: 50 },
      );
      if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 5000).catch(() => undefined);
      return { profile: r.state.profile, completion: profileCompletion(r.state.profile), changed: r.events.length > 0 };
    },

    /** Every change of the profile with who made it and when (audit, CLI). */
    async history(userId: string) {
      const { events } = await ctx.store.readStream(profileStream(userId));
      return events.map((e) => ({
        at: eventTime(e),
        actor: e.metadata.actor ?? null,
        set: e.data.set as StartupProfile,
        cleared: e.data.cleared as ProfileField[],
      }));
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
