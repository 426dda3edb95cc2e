import AddAPhotoRounded from '@mui/icons-material/AddAPhotoRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { INSTRUCTOR_PHOTO_TYPES, photoFileProblem } from '@studio/rules';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { errorMessage } from '../app/errors';
import { FileRefused } from '../app/putFile';
import { useToast } from '../app/toast';

/**
 * A picture of something (an instructor's photo, a move's image): shown, replaced by an upload (checked by type and
 * size here, by its bytes on the server) or removed, with the server's refusal in its words.
 */
export function PictureField({
  preview,
  hasPicture,
  noun,
  hint,
  saved,
  removed,
  upload,
  remove,
}: {
  preview: ReactNode;
  hasPicture: boolean;
  /** "photo", "picture": the buttons' and messages' word. */
  noun: string;
  hint: string;
  /** The toasts after each change: a title and a line. */
  saved: [string, string];
  removed: [string, string];
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
}) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const local = photoFileProblem(file);
    setProblem(local);
    if (local) return;
    setBusy('uploading');
    try {
      await upload(file);
      toast({ title: saved[0], description: saved[1], variant: 'success' });
    } catch (err) {
      setProblem(err instanceof FileRefused ? err.message : errorMessage(err, `The ${noun} could not be uploaded.`));
    } finally {
      setBusy(null);
    }
  };
  const drop = async () => {
    setProblem(null);
    setBusy('removing');
    try {
      await remove();
      toast({ title: removed[0], description: removed[1] });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {preview}
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AddAPhotoRounded />}
            onClick={() => input.current?.click()}
            disabled={busy !== null}
            aria-describedby={hintId}
          >
            {busy === 'uploading' ? 'Uploading…' : hasPicture ? `Change ${noun}` : `Upload ${noun}`}
          </Button>
          {hasPicture && (
            <Button color="inherit" startIcon={<DeleteOutlineRounded />} onClick={() => void drop()} disabled={busy !== null}>
              {busy === 'removing' ? 'Removing…' : `Remove ${noun}`}
            </Button>
          )}
        </Box>
        <Box
          component="input"
          ref={input}
          type="file"
          accept={INSTRUCTOR_PHOTO_TYPES.join(',')}
          aria-label={`${noun[0].toUpperCase()}${noun.slice(1)} file`}
          onChange={(e: ChangeEvent<HTMLInputElement>) => void pick(e.target.files?.[0])}
          sx={{ display: 'none' }}
        />
        <Typography id={hintId} variant="body2" color="text.secondary">
          {hint}
        </Typography>
        {problem && (
          <FormHelperText error role="alert" sx={{ fontSize: 14, m: 0 }}>
            {problem}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
