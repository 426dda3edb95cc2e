import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import { levelMenuItems } from './levelMenu';
import { useArchiveMoves } from './useArchiveMoves';
import { useSetMovesLevel } from './useSetMovesLevel';

const movesText = (n: number) => `${n} ${n === 1 ? 'move' : 'moves'}`;

/** Moves the picked moves to one level at once. */
export function SetLevelDialog({ moveIds, onClose, onDone }: { moveIds: string[]; onClose: () => void; onDone: () => void }) {
  const { toast } = useToast();
  const [level, setLevel] = useState('1');
  const [setMovesLevel, { loading }] = useSetMovesLevel();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    try {
      await setMovesLevel({ variables: { moveIds, level: Number(level) } });
      toast({ title: 'Level changed', description: `${movesText(moveIds.length)} now at level ${level}.`, variant: 'success' });
      onDone();
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };
  return (
    <FormDialog
      title={`Set the level of ${movesText(moveIds.length)}`}
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="Set level"
      formError={formError}
      maxWidth="xs"
    >
      <TextField select label="Level" value={level} onChange={(e) => setLevel(e.target.value)} required>
        {levelMenuItems()}
      </TextField>
    </FormDialog>
  );
}

/** Archives the picked moves after saying what that keeps: every student's history with them. */
export function ArchiveDialog({ moveIds, onClose, onDone }: { moveIds: string[]; onClose: () => void; onDone: () => void }) {
  const { toast } = useToast();
  const [archive, { loading }] = useArchiveMoves();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    try {
      await archive({ variables: { moveIds, archived: true } });
      toast({ title: 'Moves archived', description: `${movesText(moveIds.length)} left the catalogue; their history stays.` });
      onDone();
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };
  return (
    <FormDialog
      title={`Archive ${movesText(moveIds.length)}?`}
      onClose={onClose}
      onSubmit={submit}
      busy={loading}
      submitLabel="Archive"
      formError={formError}
      maxWidth="xs"
      destructive
    >
      <DialogContentText>
        They leave the catalogue, My Moves and the levels that require them. Every student’s history with them stays, sign-offs included,
        and Restore brings them back.
      </DialogContentText>
    </FormDialog>
  );
}
