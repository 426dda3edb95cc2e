import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminMoveLevelFragment } from './adminMoves.generated';
import { MovePicker, type MoveChoice } from './MovePicker';
import { levelForm, levelInput, levelValuesOf } from './moveRules';
import { useSaveMoveLevel } from './useSaveMoveLevel';

/** Defines a level of an apparatus as the set of moves it requires, with how each is cleared. */
export function LevelDialog({
  apparatus,
  level,
  moves,
  nextNumber,
  onClose,
}: {
  apparatus: { id: string; name: string };
  level: AdminMoveLevelFragment | null;
  /** The apparatus' moves in the catalogue. */
  moves: readonly MoveChoice[];
  nextNumber: number;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues } = useZodForm(levelForm, {
    defaultValues: levelValuesOf(level, apparatus.name, nextNumber),
  });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [save, { loading }] = useSaveMoveLevel();
  const submit = handleSubmit(async () => {
    // Archived moves are no longer required: the level keeps the catalogue's moves only.
    const inCatalogue = new Set(moves.map((m) => m.id));
    const values = getValues();
    const input = levelInput(apparatus.id, { ...values, requiredMoveIds: values.requiredMoveIds.filter((id) => inCatalogue.has(id)) });
    await attempt(async () => {
      await save({ variables: { input } });
      toast({ title: 'Level saved', description: `${input.name} requires ${input.requiredMoveIds.length} moves.`, variant: 'success' });
      onClose();
    });
  });
  return (
    <FormDialog
      title={level ? `Edit ${level.name}` : `New level of ${apparatus.name}`}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel="Save level"
    >
      <DialogContentText>
        A student reaches this level when every move it requires is signed off (and every lower level’s).
      </DialogContentText>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 2fr', sm: '1fr 3fr' } }}>
        <FormTextField
          control={control}
          name="number"
          label="Number"
          required
          disabled={Boolean(level)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField control={control} name="name" label="Name" required placeholder={`e.g. ${apparatus.name} 2`} />
      </Box>
      <MovePicker control={control} name="requiredMoveIds" label="Required moves" choices={moves} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormTextField
          control={control}
          name="cleanReps"
          label="Clean reps per side"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="cleanDays"
          label="On different days"
          required
          helperText="1 rep on 1 day: one sign-off."
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
    </FormDialog>
  );
}
