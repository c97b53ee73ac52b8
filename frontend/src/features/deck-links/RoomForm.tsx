import { CreateDeckRoomRequest, type DeckRoomSummary } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Textarea } from '../../ui';
import { startupProfileQueryOptions } from '../profile';
import { createDeckRoom, defaultNda, refreshRooms, updateDeckRoom } from './room-queries';

/**
 * A data room's name and NDA: a new room, or an existing one's. The NDA starts from a default text
 * naming the founder's company, which they edit: it is their text, shown to viewers word for word.
 * Checked with the API's own schema (the same messages).
 */
export function RoomForm({
  room,
  onDone,
  onCancel,
}: {
  room?: DeckRoomSummary;
  onDone: (room: DeckRoomSummary) => void;
  onCancel: () => void;
}) {
  const qc = useQueryClient();
  const profile = useQuery(startupProfileQueryOptions());
  const company = profile.data?.profile.companyName;
  const [name, setName] = useState(room?.name ?? '');
  const [ndaOn, setNdaOn] = useState(room ? room.ndaText !== null : true);
  // Null until the founder types: the default follows the profile's company name as it loads.
  const [typed, setTyped] = useState<string | null>(room?.ndaText ?? null);
  const ndaText = typed ?? defaultNda(company);
  const [problems, setProblems] = useState<{ name?: string; ndaText?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: CreateDeckRoomRequest) => (room ? updateDeckRoom(room.id, body) : createDeckRoom(body)),
    onSuccess: async (r) => {
      setError(null);
      await refreshRooms(qc);
      onDone(r);
    },
    onError: (e: Error) => setError(e.message),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = CreateDeckRoomRequest.safeParse({ name, ndaText: ndaOn ? ndaText : null });
    if (!checked.success) {
      const out: typeof problems = {};
      for (const i of checked.error.issues) out[i.path[0] as 'name' | 'ndaText'] ??= i.message;
      return setProblems(out);
    }
    setProblems({});
    save.mutate(checked.data);
  }
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="room-form">
      <Field label="Room name" required error={problems.name} hint="Viewers see it, e.g. “Seed round 2026”.">
        {(p) => (
          <Input {...p} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} autoFocus={!room} />
        )}
      </Field>
      <Checkbox
        label="Viewers accept an NDA before anything opens"
        checked={ndaOn}
        onCheckedChange={(c) => setNdaOn(c)}
      />
      {ndaOn ? (
        <Field
          label="NDA text"
          error={problems.ndaText}
          hint="Your text, shown to the viewer word for word. They accept it by typing their name; the text they accepted is kept with the acceptance."
        >
          {(p) => (
            <Textarea
              {...p}
              rows={10}
              className="font-mono text-xs sm:text-sm"
              value={ndaText}
              onChange={(e) => setTyped(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          {room ? 'Save room' : 'Create room'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
