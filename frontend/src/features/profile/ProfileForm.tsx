import {
  EMPTY_PROFILE_FORM,
  hasProfileContent,
  isProfileField,
  PROFILE_FIELDS,
  profileFormSchema,
  readRaisingAmount,
  toProfileForm,
  toProfilePatch,
  type ProfileField,
  type ProfileFormValues,
  type StartupProfileResponse,
} from '@fp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardFooter, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast';
import { ErrorSummary } from './ErrorSummary';
import { ProfileHeader } from './ProfileHeader';
import { useUpdateStartupProfile } from './queries';
import { isRequired, SECTIONS, sectionOf, type FieldSpec, type SectionId } from './sections';

function ProfileInput({
  spec,
  register,
  error,
  showRequired,
  value,
}: {
  spec: FieldSpec;
  register: UseFormRegister<ProfileFormValues>;
  error?: string;
  showRequired: boolean;
  value?: string;
}) {
  // The raising amount says how it was read ("Read as $2,500,000"), so "2.5M" is not a guess.
  const read = spec.name === 'raising' && value?.trim() ? readRaisingAmount(value) : null;
  const hint = read ? `Read as ${read}` : spec.hint;
  return (
    <Field
      label={spec.label}
      required={showRequired && isRequired(spec.name)}
      hint={hint}
      error={error}
      className={cn(spec.wide && 'md:col-span-2')}
    >
      {(control) => {
        const props = { ...control, ...register(spec.name), placeholder: spec.placeholder };
        switch (spec.kind) {
          case 'select':
            return <Select {...props} options={spec.options ?? []} />;
          case 'textarea':
            return <Textarea {...props} rows={spec.rows ?? 4} />;
          case 'email':
            return <Input {...props} type="email" inputMode="email" autoComplete="email" />;
          case 'url':
            return <Input {...props} type="text" inputMode="url" autoComplete="url" />;
          case 'date':
            return <Input {...props} type="date" />;
          case 'number':
            return <Input {...props} type="text" inputMode="decimal" />;
          default:
            return <Input {...props} />;
        }
      }}
    </Field>
  );
}

const requiredOf = (id: SectionId) => SECTIONS.find((s) => s.id === id)!.fields.filter((f) => isRequired(f.name));

/** Per-tab marker while incomplete: filled required fields of the tab (a check when all are), or an error dot. */
function TabMarker({
  id,
  values,
  errors,
}: {
  id: SectionId;
  values: Partial<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>;
}) {
  const fields = SECTIONS.find((s) => s.id === id)!.fields;
  const errorCount = fields.filter((f) => errors[f.name]).length;
  if (errorCount) {
    return (
      <span
        className="size-2 rounded-full bg-destructive"
        aria-label={`${errorCount} field${errorCount > 1 ? 's' : ''} to fix`}
        role="img"
      />
    );
  }
  const required = requiredOf(id);
  const filled = required.filter((f) => values[f.name]?.trim()).length;
  if (filled === required.length)
    return <Check className="size-3.5 text-success" aria-label="All required fields filled" />;
  return (
    <span
      className="rounded-full bg-background/60 px-1.5 text-[10px] leading-4 tabular-nums text-muted-foreground"
      aria-label={`${filled} of ${required.length} required fields filled`}
    >
      {filled}/{required.length}
    </span>
  );
}

/** The startup profile editor once loaded (spec §2, §4, §5, §8). */
export function ProfileForm({ data }: { data: StartupProfileResponse }) {
  const { profile, completion } = data;
  const [tab, setTab] = useState<SectionId>('basic');
  const [focusField, setFocusField] = useState<ProfileField | null>(null);
  const save = useUpdateStartupProfile();

  const schema = useMemo(() => profileFormSchema({ saved: profile }), [profile]);
  const form = useForm<ProfileFormValues>({
    // A saved required field cannot be emptied (the API refuses it too).
    resolver: zodResolver(schema),
    defaultValues: hasProfileContent(profile) ? toProfileForm(profile) : EMPTY_PROFILE_FORM,
    mode: 'onSubmit',
    // Fields of other tabs are hidden, so focusing is done below after switching to the tab.
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, formState, control, setFocus } = form;
  const values = useWatch({ control });

  // Loaded data with content resets the form (spec §4); edits in progress are kept.
  useEffect(() => {
    if (hasProfileContent(profile)) reset(toProfileForm(profile), { keepDirtyValues: true });
  }, [profile, reset]);

  // Focus on the faulty field once its tab shows, centred so the sticky header never covers it and
  // its message (below the control) is in view too.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusField) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
    } else setFocus(focusField);
    setFocusField(null);
  }, [focusField, tab, setFocus]);
  const goTo = (f: ProfileField) => {
    setTab(sectionOf(f));
    setFocusField(f);
  };

  // Unsaved edits ask before leaving: a dialog for in-app navigation, the browser's prompt for reload/close.
  const dirty = useRef(false);
  dirty.current = formState.isDirty && !save.isPending;
  const blocker = useBlocker({
    shouldBlockFn: () => dirty.current,
    enableBeforeUnload: () => dirty.current,
    withResolver: true,
  });

  const onValid = (v: ProfileFormValues) =>
    save.mutate(toProfilePatch(v, profile), {
      onSuccess: (saved) => {
        reset(toProfileForm(saved.profile));
        toast({
          title: 'Profile Updated',
          description: 'Your startup profile has been successfully updated',
          variant: 'success',
        });
      },
      onError: (err) => {
        // The API names each refused field (400 { error, fields }): the message goes next to the field.
        const fields =
          err instanceof ApiError && err.body && typeof err.body === 'object'
            ? (err.body as { fields?: Record<string, string> }).fields
            : undefined;
        for (const [f, message] of Object.entries(fields ?? {}))
          if (isProfileField(f)) form.setError(f, { type: 'server', message });
        const first = PROFILE_FIELDS.find((f) => fields?.[f]);
        if (first) return goTo(first);
        toast({
          title: 'Error',
          description: err instanceof Error && err.message ? err.message : 'Failed to update profile',
          variant: 'destructive',
        });
      },
    });

  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const first = PROFILE_FIELDS.find((f) => errors[f]);
    if (first) goTo(first);
  };

  const showRequired = !completion.isComplete;

  return (
    <>
      <Card>
        <form ref={formRef} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Startup profile">
          <CardHeader className="gap-4">
            <ProfileHeader completion={completion} />
          </CardHeader>
          <CardContent>
            <ErrorSummary errors={formState.errors} onGoTo={goTo} />
            <Tabs value={tab} onValueChange={(v) => setTab(v as SectionId)}>
              {/* Three equal columns on phones (labels may wrap), a compact row from 640 px. */}
              <TabsList
                aria-label="Profile sections"
                className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto sm:self-start"
              >
                {SECTIONS.map((s) => (
                  <TabsTrigger
                    key={s.id}
                    value={s.id}
                    className="h-auto min-h-8 flex-col gap-1 py-1.5 text-center leading-tight whitespace-normal sm:h-8 sm:flex-row sm:py-0 sm:whitespace-nowrap"
                  >
                    {s.label}
                    {showRequired ||
                    SECTIONS.find((x) => x.id === s.id)!.fields.some((f) => formState.errors[f.name]) ? (
                      <TabMarker id={s.id} values={values} errors={formState.errors} />
                    ) : null}
                  </TabsTrigger>
                ))}
              </TabsList>
              {SECTIONS.map((s) => (
                <TabsContent key={s.id} value={s.id} forceMount className="pt-2">
                  <p className="mb-5 text-sm text-muted-foreground">{s.description}</p>
                  <div className="grid gap-5 md:grid-cols-2">
                    {s.fields.map((spec) => (
                      <ProfileInput
                        key={spec.name}
                        spec={spec}
                        register={register}
                        error={formState.errors[spec.name]?.message}
                        showRequired={showRequired}
                        value={values[spec.name]}
                      />
                    ))}
                  </div>
                </TabsContent>
              ))}
            </Tabs>
          </CardContent>
          <CardFooter className="flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
            {showRequired ? (
              <p className="text-xs text-muted-foreground">
                <span className="text-destructive">*</span> Required fields
              </p>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? 'Saving...' : completion.isComplete ? 'Save Changes' : 'Save Progress'}
            </Button>
          </CardFooter>
        </form>
      </Card>
      <Dialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title="Unsaved changes"
        description="You have unsaved changes to your startup profile. Leave without saving?"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              Stay on Page
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed?.()}>
              Leave Without Saving
            </Button>
          </>
        }
      />
    </>
  );
}
