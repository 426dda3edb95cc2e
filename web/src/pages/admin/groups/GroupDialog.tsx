import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { GROUP_RULE_MEMBERSHIP_STATUSES, GROUP_RULE_ROLES } from '@studio/rules';
import { useController } from 'react-hook-form';
import { FormSwitch, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import { roleLabels } from '../../../components/userLabels';
import { EMPTY_GROUP, groupForm, groupInput, groupValues } from './groupForm';
import type { AdminGroupRowFragment } from './groups.generated';
import { useCreateGroup, useUpdateGroup } from './useGroupMutations';

export interface Choice {
  id: string;
  name: string;
}

export interface RuleChoices {
  plans: readonly Choice[];
  classTypes: readonly Choice[];
  apparatuses: readonly Choice[];
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  suspended: 'Suspended',
  canceled: 'Cancelled',
};

const nameOf = (choices: readonly Choice[]) => (id: string) => choices.find((c) => c.id === id)?.name ?? id;

/** Creates a group (manual, or by rule) or edits one; a group keeps its kind. */
export function GroupDialog({
  group,
  choices,
  onClose,
  onSaved,
}: {
  group: AdminGroupRowFragment | null;
  choices: RuleChoices;
  onClose: () => void;
  onSaved?: (group: AdminGroupRowFragment) => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, watch } = useZodForm(groupForm, { defaultValues: group ? groupValues(group) : EMPTY_GROUP });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: { rule: 'roles' } });
  const [create, creating] = useCreateGroup();
  const [update, updating] = useUpdateGroup();
  const kind = useController({ control, name: 'kind' });
  const isRule = watch('kind') === 'rule';

  const submit = handleSubmit(async (values) => {
    await attempt(async () => {
      const input = groupInput(values);
      const saved = group
        ? (await update({ variables: { id: group.id, input } })).data!.updateGroup
        : (await create({ variables: { input } })).data!.createGroup;
      toast({ title: group ? 'Group saved' : `Group “${saved.name}” created`, variant: 'success' });
      onSaved?.(saved);
      onClose();
    });
  });

  const multi = (render: (id: string) => string) => ({
    select: true,
    slotProps: { select: { multiple: true, renderValue: (v: unknown) => (v as string[]).map(render).join(', ') } },
  });
  return (
    <FormDialog
      title={group ? `Edit “${group.name}”` : 'New group'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={creating.loading || updating.loading}
      submitLabel={group ? 'Save' : 'Create group'}
      closeLabel="Cancel"
    >
      <FormTextField control={control} name="name" label="Name" required autoFocus />
      <FormTextField control={control} name="description" label="Description" multiline minRows={1} />
      {!group && (
        <Box>
          <Typography id="group-kind-label" variant="subtitle2" sx={{ mb: 0.75 }}>
            Members
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-labelledby="group-kind-label"
            value={kind.field.value}
            onChange={(_e, value: string | null) => value && kind.field.onChange(value)}
          >
            <ToggleButton value="rule">By rule</ToggleButton>
            <ToggleButton value="manual">Added by hand</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {isRule
              ? 'Members are whoever matches every condition below, right now.'
              : 'Add members from User Management: check them, or choose all matching a filter.'}
          </Typography>
        </Box>
      )}
      {isRule && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="roles" label="Role (any of)" {...multi((r) => roleLabels[r] ?? r)}>
            {GROUP_RULE_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {roleLabels[r] ?? r}
              </MenuItem>
            ))}
          </FormTextField>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
            <FormTextField control={control} name="minAge" label="Age from" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormTextField control={control} name="maxAge" label="Age to" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Box>
          <FormTextField control={control} name="planIds" label="Membership plan (any of)" {...multi(nameOf(choices.plans))}>
            {choices.plans.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="membershipStatuses"
            label="Membership state (any of)"
            {...multi((s) => STATUS_LABELS[s] ?? s)}
          >
            {GROUP_RULE_MEMBERSHIP_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="packClassesLeftAtMost"
            label="Classes left in a pack, at most"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormSwitch control={control} name="waiverMissing" label="Current waiver not signed" />
          <FormTextField
            control={control}
            name="visitedWithinDays"
            label="Visited within … days"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormTextField
            control={control}
            name="notVisitedForDays"
            label="No visit for … days"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormTextField control={control} name="classTypeIds" label="Booked a class type (any of)" {...multi(nameOf(choices.classTypes))}>
            {choices.classTypes.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="bookedWithinDays"
            label="Booked within … days"
            helperText="Empty: ever"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormTextField control={control} name="apparatusId" label="Level reached on" select>
            <MenuItem value="">
              <em>Any apparatus</em>
            </MenuItem>
            {choices.apparatuses.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="minLevel" label="Level (or above)" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Box>
      )}
    </FormDialog>
  );
}
