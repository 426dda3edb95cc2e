import { useQuery } from '@apollo/client/react';
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
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { dialogFormSx } from '../../../components/classFormat';
import { type ApparatusDetailsFragment, ClassAdminChoicesDocument } from './classAdmin.generated';
import { useSaveApparatus } from './useSaveApparatus';

const MAX_RIG_POINTS = 40;

export function rigPointProblem(names: readonly string[], candidate: string): string | null {
  const name = candidate.trim();
  if (!name) return 'Type a name first.';
  if (name.length > 50) return 'At most 50 characters.';
  if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return 'That name is already in the list.';
  if (names.length >= MAX_RIG_POINTS) return `At most ${MAX_RIG_POINTS} rig points.`;
  return null;
}

function ApparatusDialog({ apparatus, onClose }: { apparatus: ApparatusDetailsFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const [name, setName] = useState(apparatus?.name ?? '');
  const [description, setDescription] = useState(apparatus?.description ?? '');
  const [points, setPoints] = useState<string[]>(apparatus?.rigPoints.map((p) => p.name) ?? []);
  const [newPoint, setNewPoint] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string; rigPointNames?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, { loading }] = useSaveApparatus();

  const addPoint = () => {
    const problem = rigPointProblem(points, newPoint);
    if (problem) {
      setErrors((e) => ({ ...e, rigPointNames: problem }));
      return;
    }
    setPoints((p) => [...p, newPoint.trim()]);
    setNewPoint('');
    setErrors((e) => ({ ...e, rigPointNames: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: typeof errors = {};
    if (!name.trim()) problems.name = 'Give the apparatus a name.';
    else if (name.trim().length > 50) problems.name = 'At most 50 characters.';
    if (description.length > 500) problems.description = 'At most 500 characters.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await save({
        variables: {
          input: { ...(apparatus ? { id: apparatus.id } : {}), name: name.trim(), description: description.trim(), rigPointNames: points },
        },
      });
      toast({
        title: apparatus ? 'Apparatus saved' : 'Apparatus added',
        description: `${name.trim()} with ${points.length} rig ${points.length === 1 ? 'point' : 'points'}.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="apparatus-title">
      <DialogTitle id="apparatus-title" sx={{ fontWeight: 700 }}>
        {apparatus ? `Edit ${apparatus.name}` : 'Add apparatus'}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => (setName(e.target.value), setErrors((er) => ({ ...er, name: undefined })))}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
          <Box>
            <Typography sx={{ fontWeight: 600 }}>Rig points</Typography>
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
                  <Chip
                    label={p}
                    aria-label={`${p} (press Delete to remove)`}
                    onDelete={() => setPoints((list) => list.filter((x) => x !== p))}
                  />
                </li>
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label="New rig point"
                value={newPoint}
                onChange={(e) => (setNewPoint(e.target.value), setErrors((er) => ({ ...er, rigPointNames: undefined })))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addPoint();
                  }
                }}
                placeholder={name.trim() ? `${name.trim()} ${points.length + 1}` : ''}
                error={Boolean(errors.rigPointNames)}
                helperText={errors.rigPointNames ?? 'Press Enter to add'}
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
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
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
