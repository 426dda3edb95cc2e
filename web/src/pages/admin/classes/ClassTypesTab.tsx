import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormMoneyField, FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../app/toast';
import { actionsColumn, DataTable, TableSearchField } from '../../../components/DataTable';
import { EditIconButton } from '../../../components/EditIconButton';
import { levelLabel } from '../../../components/schedule/classLabels';
import { useAdminTable } from '../../../components/useAdminTable';
import { type ClassTypeRowFragment, ClassTypesDocument } from './classAdmin.generated';
import { ApparatusFilter, ApparatusSelect, InstructorSelect, useClassAdminChoices } from './classAdminShared';
import { CLASS_TYPES_TABLE } from './ClassManagementPage.preload';
import {
  CLASS_TYPE_SERVER_FIELDS,
  EMPTY_CLASS_TYPE,
  classTypeForm,
  classTypeInput,
  classTypeUpdate,
  classTypeValuesOf,
} from './classTypeRules';
import { useCreateClassType } from './useCreateClassType';
import { useUpdateClassType } from './useUpdateClassType';

export function ClassTypeDialog({ classType, onClose }: { classType: ClassTypeRowFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const { apparatuses } = useClassAdminChoices();
  const { control, handleSubmit, setError, getValues, watch } = useZodForm(classTypeForm, {
    defaultValues: classType ? classTypeValuesOf(classType) : EMPTY_CLASS_TYPE,
  });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: CLASS_TYPE_SERVER_FIELDS });
  const [create, { loading: creating }] = useCreateClassType();
  const [update, { loading: updating }] = useUpdateClassType(classType);
  const busy = creating || updating;
  const [apparatusId, usesRigPoints] = watch(['apparatusId', 'usesRigPoints']);
  const apparatus = apparatuses.find((a) => a.id === apparatusId);
  const rigPoints = apparatus?.rigPoints.length ?? 0;

  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const values = getValues();
      if (classType) await update({ variables: { id: classType.id, input: classTypeUpdate(values) } });
      else await create({ variables: { input: classTypeInput(values) } });
      toast({
        title: classType ? 'Class type saved' : 'Class type created',
        description: `${values.name.trim()} is ready for the schedule.`,
        variant: 'success',
      });
      onClose();
    });
  });

  return (
    <FormDialog
      title={<>{classType ? `Edit ${classType.name}` : 'New class type'}</>}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={busy}
      submitLabel={classType ? 'Save' : 'Create class type'}
    >
      <FormTextField control={control} name="name" label="Name" required autoFocus placeholder="e.g. Silks Level 2" />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={3}
        helperText="What students learn; shown on the calendar."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="apparatusId"
          render={({ field, fieldState }) => (
            <ApparatusSelect
              label="Apparatus"
              required
              value={field.value}
              onChange={field.onChange}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <FormTextField control={control} name="level" select label="Level" required>
          {[1, 2, 3, 4, 5].map((l) => (
            <MenuItem key={l} value={String(l)}>
              {l === 1 ? 'Intro (level 1)' : `Level ${l}`}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="durationMinutes"
          label="Duration"
          type="number"
          required
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
            htmlInput: { min: 15, max: 300, step: 5 },
          }}
        />
        <FormTextField
          control={control}
          name="defaultCapacity"
          label="Capacity"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, max: 200 } }}
        />
        <FormMoneyField control={control} name="price" label="Drop-in price" required helperText="0 for free" />
      </Box>
      {/* Checked on every way into a class (member, parent, front desk, waitlist), by age on the class date. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="minAge"
          label="Youngest age"
          type="number"
          helperText="Empty: no lower limit"
          slotProps={{ htmlInput: { min: 0, max: 99 } }}
        />
        <FormTextField
          control={control}
          name="maxAge"
          label="Oldest age"
          type="number"
          helperText="Empty: no upper limit"
          slotProps={{ htmlInput: { min: 0, max: 99 } }}
        />
      </Box>
      <Controller
        control={control}
        name="defaultInstructorId"
        render={({ field, fieldState }) => (
          <InstructorSelect
            label="Default instructor"
            value={field.value}
            onChange={field.onChange}
            emptyLabel={classType?.defaultInstructor ? undefined : 'None (choose per series)'}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Used for new series unless another is chosen.'}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          />
        )}
      />
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <FormSwitch
          control={control}
          name="usesRigPoints"
          disabled={!usesRigPoints && rigPoints === 0}
          label={
            <Box>
              <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>Students pick a rig point</Typography>
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
          <FormSwitch
            control={control}
            name="isActive"
            label={
              <Box>
                <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>Active</Typography>
                <Typography variant="body2" color="text.secondary">
                  Inactive types keep their classes but cannot get new ones.
                </Typography>
              </Box>
            }
          />
        )}
      </Box>
    </FormDialog>
  );
}

export function ClassTypesTab() {
  const { table, filters: f, onSearch, grid } = useAdminTable(ClassTypesDocument, CLASS_TYPES_TABLE, (d) => d.classBlueprints);
  const { setFilter } = table;
  const [editing, setEditing] = useState<{ type: ClassTypeRowFragment | null } | null>(null);

  const columns = useMemo<GridColDef<ClassTypeRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Class type',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
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
      actionsColumn(60, (row) => <EditIconButton name={row.name} onClick={() => setEditing({ type: row })} />),
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="Class types"
        {...grid}
        columns={columns}
        rowHeight={60}
        emptyText="No class types match these filters."
        noun={['class type', 'class types']}
        search={<TableSearchField label="Search class types" value={f.search} onChange={onSearch} width={240} />}
        activeFilters={[f.apparatusId, f.isActive !== null ? 'x' : ''].filter(Boolean).length}
        filters={
          <>
            <ApparatusFilter value={f.apparatusId} onChange={(v) => setFilter('apparatusId', v)} width={160} />
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
              <Typography sx={{ fontWeight: 'fontWeightBold' }}>{row.name}</Typography>
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
