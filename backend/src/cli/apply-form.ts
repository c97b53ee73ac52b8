import { ANSWER_QUESTION_MAX, ANSWER_TEXT_MAX, PROFILE_FIELDS } from '@fp/contracts';
import { applyToFirm, pdfProblem, reviewOf } from '@fp/workflows';
import type { DeckFile, FounderAnswer, StartupProfile } from '@fp/workflows';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CliError, type CliCommand } from './command';

const ProfileFile = z.strictObject(
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string().optional()])) as Record<
    (typeof PROFILE_FIELDS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

async function readProfile(file: string): Promise<StartupProfile> {
  const parsed = ProfileFile.safeParse(await readJson(file, 'profile'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const what =
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.join(', ')}`
        : `${issue.path.join('.') || 'profile'}: ${issue.message}`;
    throw new CliError(
      `The profile file ${file} has ${what}; expected the startup profile's text fields (${PROFILE_FIELDS.join(', ')})`,
    );
  }
  return parsed.data as StartupProfile;
}

/** `{ "question": "answer", … }`: the founder's answers, as the answer library holds them. */
const AnswersFile = z.record(
  z.string().trim().min(1).max(ANSWER_QUESTION_MAX),
  z.string().trim().min(1, 'an answer is empty').max(ANSWER_TEXT_MAX),
);

async function readJson(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read the ${what} file ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`The ${what} file ${file} is not valid JSON`);
  }
}

async function readAnswers(file: string): Promise<FounderAnswer[]> {
  const parsed = AnswersFile.safeParse(await readJson(file, 'answers'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(
      `The answers file ${file} must be an object of question → answer text (${issue.path.join('.') || 'answers'}: ${issue.message})`,
    );
  }
  return Object.entries(parsed.data).map(([question, answer]) => ({ question, answer }));
}

async function readDeck(file: string): Promise<DeckFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new CliError(`Cannot read the deck file ${file}: ${(err as Error).message}`);
  }
  const problem = pdfProblem(bytes);
  if (problem) throw new CliError(`The deck file ${file} was refused: ${problem}`);
  return { fileName: path.basename(file), bytes };
}

/**
 * `apply-form`: the submission automation once, outside any workflow and without a database, for
 * operators trying a firm's site. Prints one result; `--dry-run` fills the form but does not send it.
 * `--answers FILE.json` gives the founder's answers (question → answer) for the form's own questions.
 * Exit code 0 when the run completed, 1 when it failed (the result says why) or the input is wrong,
 * 3 when it is waiting_for_input (required questions nothing answers: listed, nothing sent).
 */
export const applyFormCommands: CliCommand[] = [
  {
    name: 'apply-form',
    summary:
      '--url URL --profile FILE.json [--deck FILE.pdf] [--answers FILE.json] [--accept-terms] [--opt-ins ask|yes|no] [--default-message TEXT] [--dry-run] [--allow-private] [--screenshot PATH]  (run the automation once, no database)',
    standalone: true,
    options: {
      url: { type: 'string' },
      profile: { type: 'string' },
      deck: { type: 'string' },
      answers: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'allow-private': { type: 'boolean' },
      screenshot: { type: 'string' },
      'accept-terms': { type: 'boolean' },
      'opt-ins': { type: 'string' },
      'default-message': { type: 'string' },
    },
    async run(_rt, { values }, out) {
      if (!values.url) throw new CliError('apply-form needs --url URL');
      if (!values.profile) throw new CliError('apply-form needs --profile FILE.json');
      const profile = await readProfile(values.profile);
      const deck = values.deck ? await readDeck(values.deck) : undefined;
      const answers = values.answers ? await readAnswers(values.answers) : [];
      // The founder's standing choices, as Settings → Applications holds them (defaults: nothing agreed to or subscribed to).
      const optIns = values['opt-ins'] ?? 'no';
      if (optIns !== 'ask' && optIns !== 'yes' && optIns !== 'no')
        throw new CliError('--opt-ins must be one of ask, yes, no');
      const checkboxes = { optIns, acceptTerms: Boolean(values['accept-terms']) } as const;
      const controller = new AbortController();
      const onSignal = () => controller.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const result = await applyToFirm({
          url: values.url,
          profile,
          deck,
          answers,
          checkboxes,
          defaultMessage: values['default-message']?.trim() || null,
          dryRun: Boolean(values['dry-run']),
          allowPrivate: Boolean(values['allow-private']),
          allowedHosts: process.env.AUTOMATION_ALLOWED_HOSTS,
          signal: controller.signal,
          onStep: (step) => out.info(`… ${step}`),
        });
        let screenshot: string | null = null;
        if (values.screenshot && result.screenshot) {
          screenshot = path.resolve(values.screenshot);
          await writeFile(screenshot, result.screenshot);
        }
        const line = {
          status: result.status === 'completed' || result.status === 'waiting_for_input' ? result.status : 'failed',
          subStatus: result.subStatus,
          summary: result.summary,
          // question → value → source: the review table of what was (or, with --dry-run, would be) sent
          fieldsFilled: result.fieldsFilled.map(({ field, label, value, source }) => ({
            field,
            label,
            value,
            source: source ?? null,
          })),
          confirmationText: result.confirmationText,
          error: result.error,
          screenshot,
          unansweredQuestions: result.unansweredQuestions ?? [],
          // --dry-run: the review table as the app shows it (question → value → source, and what it would ask)
          ...(values['dry-run']
            ? { review: reviewOf(result, { id: values.url, name: new URL(values.url).host, website: values.url }) }
            : {}),
        };
        const human = [
          `${line.status.toUpperCase()} (${line.subStatus}): ${line.summary}`,
          ...(line.review
            ? line.review.fields.map((f) => `  ${f.question} → ${f.value}  (${f.sourceLabel})`)
            : line.fieldsFilled.map((f) => `  ${f.label} → ${f.value}${f.source ? `  (${f.source})` : ''}`)),
          ...line.unansweredQuestions.map(
            (q) =>
              `  Unanswered${q.required ? ' (required)' : ''}: ${q.question}${q.options ? ` [${q.options.join(' | ')}]` : ''}`,
          ),
          line.error ? `Error: ${line.error}` : '',
          screenshot ? `Screenshot: ${screenshot}` : '',
        ]
          .filter(Boolean)
          .join('\n');
        out.result(line, human);
        if (line.status !== 'completed') process.exitCode = line.status === 'waiting_for_input' ? 3 : 1;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    },
  },
];
