import { PROFILE_FIELDS } from '@fp/contracts';
import { applyToFirm, pdfProblem } from '@fp/workflows';
import type { DeckFile, StartupProfile } from '@fp/workflows';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CliError, type CliCommand } from './command';

const ProfileFile = z.strictObject(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string().optional()])) as Record<(typeof PROFILE_FIELDS)[number], z.ZodOptional<z.ZodString>>);

async function readProfile(file: string): Promise<StartupProfile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read the profile file ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError(`The profile file ${file} is not valid JSON`);
  }
  const parsed = ProfileFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const what = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : `${issue.path.join('.') || 'profile'}: ${issue.message}`;
    throw new CliError(`The profile file ${file} has ${what}; expected the startup profile's text fields (${PROFILE_FIELDS.join(', ')})`);
  }
  return parsed.data as StartupProfile;
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
 * Exit code 0 when the run completed, 1 when it failed (the result says why) or the input is wrong.
 */
export const applyFormCommands: CliCommand[] = [
  {
    name: 'apply-form',
    summary: '--url URL --profile FILE.json [--deck FILE.pdf] [--dry-run] [--allow-private] [--screenshot PATH]  (run the automation once, no database)',
    standalone: true,
    options: { url: { type: 'string' }, profile: { type: 'string' }, deck: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'allow-private': { type: 'boolean' }, screenshot: { type: 'string' } },
    async run(_rt, { values }, out) {
      if (!values.url) throw new CliError('apply-form needs --url URL');
      if (!values.profile) throw new CliError('apply-form needs --profile FILE.json');
      const profile = await readProfile(values.profile);
      const deck = values.deck ? await readDeck(values.deck) : undefined;
      const controller = new AbortController();
      const onSignal = () => controller.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const result = await applyToFirm({
          url: values.url,
          profile,
          deck,
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
          status: result.status === 'completed' ? 'completed' : 'failed',
          subStatus: result.subStatus,
          summary: result.summary,
          fieldsFilled: result.fieldsFilled.map(({ field, label, value }) => ({ field, label, value })),
          confirmationText: result.confirmationText,
          error: result.error,
          screenshot,
        };
        const human = [
          `${line.status.toUpperCase()} (${line.subStatus}): ${line.summary}`,
          ...line.fieldsFilled.map((f) => `  ${f.label} → ${f.value}`),
          line.error ? `Error: ${line.error}` : '',
          screenshot ? `Screenshot: ${screenshot}` : '',
        ].filter(Boolean).join('\n');
        out.result(line, human);
        if (line.status !== 'completed') process.exitCode = 1;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    },
  },
];
