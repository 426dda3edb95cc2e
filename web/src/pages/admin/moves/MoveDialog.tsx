import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminMoveRowFragment, MoveAdminCatalogueQuery } from './adminMoves.generated';
import { MovePicker } from './MovePicker';
import { levelMenuItems } from './levelMenu';
import { clearanceText, emptyMove, moveForm, moveInput, moveValuesOf } from './moveRules';
import { useSaveMove } from './useSaveMove';
import { useRemoveMoveImage, useUploadMoveImage } from './useMoveImage';
import { PictureField } from '../../../components/PictureField';

type Catalogue = MoveAdminCatalogueQuery['moveCatalogue'];

/**
 * Adds a move or edits one: name and the studio's other names for it, apparatus and level, description, safety and
 * spotting notes, whether it is learned per side, and the moves to be signed off first (of the same apparatus).
 */
export function MoveDialog({
  move,
  catalogue,
  defaultApparatusId,
  onClose,
  onRestore,
}: {
  move: AdminMoveRowFragment | null;
  catalogue: Catalogue;
  defaultApparatusId: string;
  onClose: () => void;
  /** An archived move: brings it back into the catalogue. */
  onRestore?: () => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues } = useZodForm(moveForm, {
    defaultValues: move ? moveValuesOf(move) : emptyMove(defaultApparatusId),
  });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [save, { loading }] = useSaveMove();
  const apparatusId = useWatch({ control, name: 'apparatusId' });
  const level = useWatch({ control, name: 'level' });
  const levelRule = catalogue.find((c) => c.apparatus.id === apparatusId)?.levels.find((l) => String(l.number) === level.trim());
  const choices = useMemo(
    () => catalogue.find((c) => c.apparatus.id === apparatusId)?.moves.filter((m) => m.id !== move?.id) ?? [],
    [catalogue, apparatusId, move],
  );

  const submit = handleSubmit(async () => {
    const values = getValues();
    // Prerequisites are moves of the move's own apparatus.
    const allowed = new Set(choices.map((c) => c.id));
    const input = moveInput({ ...values, prerequisiteIds: values.prerequisiteIds.filter((id) => allowed.has(id)) }, move);
    await attempt(async () => {
      await save({ variables: { input } });
      toast({ title: move ? 'Move saved' : 'Move added', description: `${input.name} is in the catalogue.`, variant: 'success' });
      onClose();
    });
  });

  return (
    <FormDialog
      title={move ? `Edit ${move.name}` : 'New move'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel={move ? 'Save' : 'Add move'}
      maxWidth="md"
      actions={onRestore && <Button onClick={onRestore}>Restore</Button>}
    >
      {move?.archivedAt && (
        <Alert severity="info">Archived: not in the catalogue or any level. Its history stays; Restore brings it back.</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. Man in the Moon" />
        <FormTextField control={control} name="apparatusId" select label="Apparatus" required>
          {catalogue.map((c) => (
            <MenuItem key={c.apparatus.id} value={c.apparatus.id}>
              {c.apparatus.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="level" select label="Level" required>
          {levelMenuItems()}
        </FormTextField>
      </Box>
      <Controller
        control={control}
        name="aliases"
        render={({ field, fieldState, formState }) => {
          const itemError = (formState.errors.aliases as { message?: string }[] | undefined)?.find?.((e) => e?.message)?.message;
          const message = fieldState.error?.message ?? itemError;
          return (
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={[]}
              value={field.value}
              onChange={(_e, next) => field.onChange(next.map((a) => a.trim()).filter(Boolean))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  inputRef={field.ref}
                  label="Aliases"
                  placeholder={field.value.length ? '' : 'e.g. Anchor'}
                  error={Boolean(message)}
                  helperText={message ?? 'Other names students and instructors use. Press Enter after each.'}
                />
              )}
            />
          );
        }}
      />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      <FormTextField
        control={control}
        name="safetyNotes"
        label="Safety and spotting notes"
        multiline
        minRows={2}
        helperText="Shown to instructors beside the move."
      />
      <FormSwitch control={control} name="hasSides" label="Learned and signed off per side (left and right)" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 2fr' }, alignItems: 'start' }}>
        <FormTextField control={control} name="cleanReps" label="Clean reps per side" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormTextField control={control} name="cleanDays" label="On different days" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, pt: { sm: 1 } }}>
          {levelRule
            ? `Its own clearance rule. Leave both empty for its level's: ${clearanceText(levelRule).toLowerCase()}.`
            : "Its own clearance rule. Leave both empty for its level's."}
        </Typography>
      </Box>
      {move ? (
        <MoveImageField move={move} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Add a picture of the move once it is saved.
        </Typography>
      )}
      <MovePicker
        control={control}
        name="prerequisiteIds"
        label="Prerequisites"
        choices={choices}
        helperText="Moves of this apparatus to be signed off before this one is learned."
      />
    </FormDialog>
  );
}

/** The move's picture (the whole pose, scaled to fit): shown, replaced or removed at once, apart from the form. */
function MoveImageField({ move }: { move: AdminMoveRowFragment }) {
  const upload = useUploadMoveImage();
  const [remove] = useRemoveMoveImage();
  return (
    <PictureField
      preview={
        <Box
          sx={{
            width: 120,
            height: 90,
            borderRadius: 2,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {move.imageUrl ? (
            <Box component="img" src={move.imageUrl} alt={`${move.name}`} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              No picture
            </Typography>
          )}
        </Box>
      }
      hasPicture={Boolean(move.imageUrl)}
      noun="picture"
      hint="JPEG, PNG or WebP, up to 5 MB. The whole picture is kept, scaled to fit."
      saved={['Picture saved', `Students see it beside ${move.name} on My Moves.`]}
      removed={['Picture removed', `${move.name} shows without one.`]}
      upload={(file) => upload(move.id, file)}
      remove={() => remove({ variables: { moveId: move.id } })}
    />
  );
}
