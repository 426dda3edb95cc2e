import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { DataTable, TableSearchField } from '../../../components/DataTable';
import { dialogFormSx } from '../../../components/classFormat';
import { levelLabel } from '../../../components/schedule/classLabels';
import { useServerTable } from '../../../components/dataTableState';
import { type ClassTypeRowFragment, ClassTypesDocument } from './classAdmin.generated';
import { ApparatusSelect, InstructorSelect, useClassAdminChoices } from './classAdminShared';
import { CLASS_TYPES_TABLE } from './ClassManagementPage.preload';
import {
  EMPTY_CLASS_TYPE,
  classTypeInput,
  classTypeUpdate,
  classTypeValuesOf,
  mapServerFields,
  validateClassType,
  type ClassTypeErrors,
  type ClassTypeField,
  type ClassTypeValues,
} from './classTypeRules';
import { useCreateClassType } from './useCreateClassType';
import { useUpdateClassType } from './useUpdateClassType';

export function ClassTypeDialog({ classType, onClose }: { classType: ClassTypeRowFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { apparatuses } = useClassAdminChoices();
  const [values, setValues] = useState<ClassTypeValues>(classType ? classTypeValuesOf(classType) : EMPTY_CLASS_TYPE);
  const [errors, setErrors] = useState<ClassTypeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, { loading: creating }] = useCreateClassType();
  const [update, { loading: updating }] = useUpdateClassType(classType);
  const busy = creating || updating;
  const apparatus = apparatuses.find((a) => a.id === values.apparatusId);
  const rigPoints = apparatus?.rigPoints.length ?? 0;

  const set = <K extends ClassTypeField>(key: K, value: ClassTypeValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const field = (key: Exclude<ClassTypeField, 'usesRigPoints' | 'isActive'>) => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems = validateClassType(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      if (classType) await update({ variables: { id: classType.id, input: classTypeUpdate(values) } });
      else await create({ variables: { input: classTypeInput(values) } });
      toast({
        title: classType ? 'Class type saved' : 'Class type created',
        description: `${values.name.trim()} is ready for the schedule.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      const fields = mapServerFields(fieldErrorsOf(err));
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="class-type-title">
      <DialogTitle id="class-type-title" sx={{ fontWeight: 700 }}>
        {classType ? `Edit ${classType.name}` : 'New class type'}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField label="Name" required autoFocus placeholder="e.g. Silks Level 2" {...field('name')} />
          <TextField
            label="Description"
            multiline
            minRows={3}
            {...field('description')}
            helperText={errors.description ?? 'What students learn; shown on the calendar.'}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <ApparatusSelect
              label="Apparatus"
              required
              value={values.apparatusId}
              onChange={(id) => set('apparatusId', id)}
              error={Boolean(errors.apparatusId)}
              helperText={errors.apparatusId}
            />
            <TextField select label="Level" required {...field('level')} onChange={(e) => set('level', e.target.value)}>
              {[1, 2, 3, 4, 5].map((l) => (
                <MenuItem key={l} value={String(l)}>
                  {l === 1 ? 'Intro (level 1)' : `Level ${l}`}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextField
              label="Duration"
              type="number"
              required
              {...field('durationMinutes')}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                htmlInput: { min: 15, max: 300, step: 5 },
              }}
            />
            <TextField
              label="Capacity"
              type="number"
              required
              {...field('defaultCapacity')}
              slotProps={{ htmlInput: { min: 1, max: 200 } }}
            />
            <TextField
              label="Drop-in price"
              required
              {...field('price')}
              helperText={errors.price ?? '0 for free'}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
          </Box>
          <InstructorSelect
            label="Default instructor"
            value={values.defaultInstructorId}
            onChange={(id) => set('defaultInstructorId', id)}
            emptyLabel={classType?.defaultInstructor ? undefined : 'None (choose per series)'}
            error={Boolean(errors.defaultInstructorId)}
            helperText={errors.defaultInstructorId ?? 'Used for new series unless another is chosen.'}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          />
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={values.usesRigPoints}
                  onChange={(e) => set('usesRigPoints', e.target.checked)}
                  disabled={!values.usesRigPoints && rigPoints === 0}
                />
              }
              label={
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>Students pick a rig point</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {apparatus
                      ? rigPoints
                        ? `${apparatus.name} has ${rigPoints} rig points; one person per point.`
                        : `${apparatus.name} has no rig points yet (add them under Apparatus).`
                      : 'Choose an apparatus first.'}
                  </Typography>
                </Box>
              }
            />
            {classType && (
              <FormControlLabel
                control={<Switch checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />}
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>Active</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Inactive types keep their classes but cannot get new ones.
                    </Typography>
                  </Box>
                }
              />
            )}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : classType ? 'Save' : 'Create class type'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function ClassTypesTab() {
  const table = useServerTable(CLASS_TYPES_TABLE);
  const { setFilter } = table;
  const { data, previousData, loading, error, refetch } = useQuery(ClassTypesDocument, { variables: table.variables });
  const page = (data ?? previousData)?.classBlueprints;
  const [editing, setEditing] = useState<{ type: ClassTypeRowFragment | null } | null>(null);
  const f = table.state.filters;
  const onSearch = useCallback((v: string) => setFilter('search', v), [setFilter]);

  const columns = useMemo<GridColDef<ClassTypeRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Class type',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.description || 'No description'}
            </Typography>
          </Box>
        ),
      },
      { field: 'apparatus', headerName: 'Apparatus', width: 120, valueGetter: (_v, row) => row.apparatus.name },
      { field: 'level', headerName: 'Level', width: 90, valueFormatter: (v: number) => levelLabel(v) },
      { field: 'durationMinutes', headerName: 'Length', width: 90, valueFormatter: (v: number) => `${v} min` },
      { field: 'defaultCapacity', headerName: 'Capacity', width: 95, type: 'number' },
      { field: 'price', headerName: 'Drop-in', width: 95, align: 'right', headerAlign: 'right' },
      { field: 'defaultInstructor', headerName: 'Instructor', width: 140, valueGetter: (_v, row) => row.defaultInstructor?.name ?? '—' },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 180,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              color={row.isActive ? 'success' : 'default'}
              label={row.isActive ? 'Active' : 'Inactive'}
            />
            {row.usesRigPoints && <Chip size="small" variant="outlined" label="Rig points" />}
          </Box>
        ),
      },
      {
        field: 'actions',
        headerName: '',
        width: 60,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Tooltip title="Edit">
            <IconButton size="small" onClick={() => setEditing({ type: row })} aria-label={`Edit ${row.name}`}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="Class types"
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        columns={columns}
        table={table}
        rowHeight={60}
        emptyText="No class types match these filters."
        noun={['class type', 'class types']}
        search={<TableSearchField label="Search class types" value={f.search} onChange={onSearch} width={240} />}
        activeFilters={[f.apparatusId, f.isActive !== null ? 'x' : ''].filter(Boolean).length}
        filters={
          <>
            <ApparatusSelect
              size="small"
              label="Apparatus"
              value={f.apparatusId}
              onChange={(v) => setFilter('apparatusId', v)}
              emptyLabel="All"
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
            />
            <TextField
              select
              size="small"
              label="Status"
              value={f.isActive === null ? '' : String(f.isActive)}
              onChange={(e) => setFilter('isActive', e.target.value === '' ? null : e.target.value === 'true')}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: { xs: 'calc(50% - 6px)', sm: 140 } }}
            >
              <MenuItem value="">
                <em>All</em>
              </MenuItem>
              <MenuItem value="true">Active</MenuItem>
              <MenuItem value="false">Inactive</MenuItem>
            </TextField>
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ type: null })}>
            New class type
          </Button>
        }
        renderCard={(row) => (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {row.apparatus.name} · {levelLabel(row.level)} · {row.durationMinutes} min · {row.price}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {row.defaultCapacity} spots{row.defaultInstructor ? ` · ${row.defaultInstructor.name}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, mt: 0.75 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={row.isActive ? 'success' : 'default'}
                  label={row.isActive ? 'Active' : 'Inactive'}
                />
                {row.usesRigPoints && <Chip size="small" variant="outlined" label="Rig points" />}
              </Box>
            </Box>
            <IconButton onClick={() => setEditing({ type: row })} aria-label={`Edit ${row.name}`}>
              <EditOutlined />
            </IconButton>
          </Box>
        )}
      />
      {editing && <ClassTypeDialog classType={editing.type} onClose={() => setEditing(null)} />}
    </>
  );
}
