import { useQuery } from '@apollo/client/react';
import { apparatusDescription, apparatusName, MAX_RIG_POINTS, rigPointName, rigPointNames } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../app/errors';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { dialogFormSx } from '../../../components/classFormat';
import { type ApparatusDetailsFragment, ClassAdminChoicesDocument } from './classAdmin.generated';
import { useSaveApparatus } from './useSaveApparatus';

const apparatusForm = z.object({ name: apparatusName, description: apparatusDescription, rigPointNames });

/** Why a rig point cannot be added to the list, or null. */
export function rigPointProblem(names: readonly string[], candidate: string): string | null {
  const problem = rigPointName.safeParse(candidate).error?.issues[0].message;
  if (problem) return problem;
  const name = candidate.trim();
  if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return 'That name is already in the list.';
  if (names.length >= MAX_RIG_POINTS) return `At most ${MAX_RIG_POINTS} rig points.`;
  return null;
}

function ApparatusDialog({ apparatus, onClose }: { apparatus: ApparatusDetailsFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, clearErrors, setValue, watch, formState } = useZodForm(apparatusForm, {
    defaultValues: {
      name: apparatus?.name ?? '',
      description: apparatus?.description ?? '',
      rigPointNames: apparatus?.rigPoints.map((p) => p.name) ?? [],
    },
  });
  const [name, points] = watch(['name', 'rigPointNames']);
  const setPoints = (list: string[]) => setValue('rigPointNames', list);
  const [newPoint, setNewPoint] = useState('');
  const { formError, attempt } = useSubmitRefusal(setError);
  const [save, { loading }] = useSaveApparatus();

  const addPoint = () => {
    const problem = rigPointProblem(points, newPoint);
    if (problem) {
      setError('rigPointNames', { type: 'list', message: problem });
      return;
    }
    setPoints([...points, newPoint.trim()]);
    setNewPoint('');
    clearErrors('rigPointNames');
  };

  const submit = handleSubmit(async (input) => {
    await attempt(async () => {
      await save({
        variables: { input: { ...(apparatus ? { id: apparatus.id } : {}), ...input, description: input.description.trim() } },
      });
      toast({
        title: apparatus ? 'Apparatus saved' : 'Apparatus added',
        description: `${input.name} with ${input.rigPointNames.length} rig ${input.rigPointNames.length === 1 ? 'point' : 'points'}.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="apparatus-title">
      <DialogTitle id="apparatus-title">{apparatus ? `Edit ${apparatus.name}` : 'Add apparatus'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField control={control} name="name" label="Name" required />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
          <Box>
            <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>Rig points</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Named hanging points (e.g. Silks 1–6). Classes that use rig points let each student pick a free one.
            </Typography>
            <Box
              component="ul"
              aria-label="Rig points"
              sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
            >
              {points.length === 0 && (
                <Typography component="li" variant="body2" color="text.secondary">
                  No rig points.
                </Typography>
              )}
              {points.map((p) => (
                <li key={p}>
                  <Chip label={p} aria-label={`${p} (press Delete to remove)`} onDelete={() => setPoints(points.filter((x) => x !== p))} />
                </li>
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label="New rig point"
                value={newPoint}
                onChange={(e) => (setNewPoint(e.target.value), clearErrors('rigPointNames'))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addPoint();
                  }
                }}
                placeholder={name.trim() ? `${name.trim()} ${points.length + 1}` : ''}
                error={Boolean(formState.errors.rigPointNames)}
                helperText={formState.errors.rigPointNames?.message ?? 'Press Enter to add'}
              />
              <Button onClick={addPoint} startIcon={<AddRounded />} sx={{ mt: 0.25, flexShrink: 0 }}>
                Add
              </Button>
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function ApparatusTab() {
  const { data, loading, error } = useQuery(ClassAdminChoicesDocument);
  const [editing, setEditing] = useState<{ apparatus: ApparatusDetailsFragment | null } | null>(null);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          The apparatus the studio teaches on and their rig points.
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ apparatus: null })}>
          Add apparatus
        </Button>
      </Box>
      {error && <Alert severity="error">{errorMessage(error, 'Apparatus could not be loaded.')}</Alert>}
      <Box
        component="ul"
        aria-label="Apparatus"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {loading &&
          [0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton variant="rounded" height={140} />
            </li>
          ))}
        {data?.apparatuses.map((a) => (
          <li key={a.id}>
            <Card sx={{ p: 2.5, height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Typography component="h2" variant="subtitle1">
                  {a.name}
                </Typography>
                <Button
                  size="small"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing({ apparatus: a })}
                  aria-label={`Edit ${a.name}`}
                >
                  Edit
                </Button>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {a.description || 'No description.'}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 'auto', pt: 1 }}>
                {a.rigPoints.length ? (
                  a.rigPoints.map((p) => <Chip key={p.id} size="small" variant="outlined" label={p.name} />)
                ) : (
                  <Chip size="small" label="No rig points" />
                )}
              </Box>
            </Card>
          </li>
        ))}
      </Box>
      {editing && <ApparatusDialog apparatus={editing.apparatus} onClose={() => setEditing(null)} />}
    </>
  );
}
