import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { instructorBio, taughtApparatusIds } from '@studio/rules';
import { useEffect, useId } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../app/errors';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { PictureField } from '../PictureField';
import { apparatusColor } from '../schedule/classLabels';
import { InstructorAvatar } from './InstructorAvatar';
import { InstructorProfileEditorDocument, type InstructorProfileFragment } from './instructorProfile.generated';
import { useRemoveInstructorPhoto } from './useRemoveInstructorPhoto';
import { useUpdateInstructorProfile } from './useUpdateInstructorProfile';
import { useUploadInstructorPhoto } from './useUploadInstructorPhoto';

/** The same rules as the API's InstructorProfileInput. */
export const instructorProfileForm = z.object({ bio: instructorBio, apparatusIds: taughtApparatusIds });

/** The photo: shown (or the initials), replaced by an upload, or removed. */
function PhotoField({ person }: { person: InstructorProfileFragment }) {
  const [upload] = useUploadInstructorPhoto();
  const [remove] = useRemoveInstructorPhoto();
  return (
    <PictureField
      preview={<InstructorAvatar name={person.name} photoUrl={person.photoUrl} size={88} />}
      hasPicture={Boolean(person.photoUrl)}
      noun="photo"
      hint="JPEG, PNG or WebP, up to 5 MB. It is cropped to a square."
      saved={['Photo saved', 'Members see it on class details and the schedule.']}
      removed={['Photo removed', 'Your initials show instead.']}
      upload={(file) => upload(person.id, file)}
      remove={() => remove({ variables: { userId: person.id } })}
    />
  );
}

/** The apparatus they teach: one toggle chip each. */
function ApparatusPicker({
  control,
  apparatuses,
}: {
  control: ReturnType<typeof useZodForm<typeof instructorProfileForm>>['control'];
  apparatuses: { id: string; name: string }[];
}) {
  const { field, fieldState } = useController({ control, name: 'apparatusIds' });
  const labelId = useId();
  const chosen = new Set(field.value);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} sx={{ fontWeight: 'fontWeightBold', mb: 1 }}>
        Apparatus you teach
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {apparatuses.map((a) => {
          const on = chosen.has(a.id);
          const color = apparatusColor(a.name);
          return (
            <Chip
              key={a.id}
              label={a.name}
              clickable
              aria-pressed={on}
              onClick={() => field.onChange(on ? field.value.filter((id) => id !== a.id) : [...field.value, a.id])}
              variant={on ? 'filled' : 'outlined'}
              sx={
                on
                  ? { bgcolor: color, color: 'common.white', '&:hover': { bgcolor: color, filter: 'brightness(0.92)' } }
                  : { borderColor: 'divider' }
              }
            />
          );
        })}
      </Box>
      {fieldState.error && (
        <FormHelperText error sx={{ fontSize: 14 }}>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </Box>
  );
}

function ProfileForm({
  person,
  apparatuses,
  onSaved,
}: {
  person: InstructorProfileFragment;
  apparatuses: { id: string; name: string }[];
  onSaved?: () => void;
}) {
  const { toast } = useToast();
  const [save, { loading }] = useUpdateInstructorProfile();
  const initial = { bio: person.bio, apparatusIds: person.apparatuses.map((a) => a.id) };
  const { control, handleSubmit, setError, reset, formState } = useZodForm(instructorProfileForm, { defaultValues: initial });
  const { formError, attempt } = useSubmitRefusal(setError);
  const savedKey = JSON.stringify(initial);
  useEffect(() => {
    // What the server now holds (after a save, or a change elsewhere) is the form's new starting point.
    reset(JSON.parse(savedKey) as typeof initial);
  }, [reset, savedKey]);

  const submit = handleSubmit((values) =>
    attempt(async () => {
      await save({ variables: { userId: person.id, input: values } });
      toast({ title: 'Profile saved', description: 'Members see it on class details.', variant: 'success' });
      onSaved?.();
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }} aria-label="Instructor profile">
      {formError && <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={control}
        name="bio"
        label="Bio"
        multiline
        minRows={4}
        helperText="What members read about you on class details: your background, your style. Up to 1,000 characters."
      />
      <ApparatusPicker control={control} apparatuses={apparatuses} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button disabled={!formState.isDirty || loading} onClick={() => reset()}>
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isDirty || loading}>
          {loading ? 'Saving…' : 'Save profile'}
        </Button>
      </Box>
    </Box>
  );
}

/** An instructor's profile as members see it, to edit: photo, bio, apparatus (own on /profile; any for admins). */
export function InstructorProfileEditor({ userId, onSaved }: { userId: string; onSaved?: () => void }) {
  const { data, error } = useQuery(InstructorProfileEditorDocument, { variables: { id: userId } });
  if (error && !data) return <Alert severity="error">{errorMessage(error, 'The profile could not be loaded.')}</Alert>;
  if (!data)
    return (
      <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="circular" width={88} height={88} />
        <Skeleton height={120} />
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PhotoField person={data.instructor} />
      <ProfileForm person={data.instructor} apparatuses={data.apparatuses} onSaved={onSaved} />
    </Box>
  );
}
