import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQuery } from '@apollo/client/react';
import { groupName } from '@studio/rules';
import { z } from 'zod';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AddToGroupMutationVariables } from './AddToGroupDialog.generated';
import { AddToGroupDocument, GroupPickerDocument } from './AddToGroupDialog.generated';
import { useCreateGroup } from './useGroupMutations';

const NEW_GROUP = 'new';

const pickForm = z.object({ groupId: z.string().min(1, 'Choose a group, or make a new one.'), name: z.string() }).superRefine((v, ctx) => {
  if (v.groupId !== NEW_GROUP) return;
  const checked = groupName.safeParse(v.name);
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['name'], message: checked.error.issues[0].message });
});

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The users table's bulk action: adds the selection (checked rows, or all matching the table's filters, applied by
 * the server) to a manual group picked from the list, or to one made here.
 */
export function AddToGroupDialog({
  selection,
  what,
  onClose,
  onDone,
}: {
  /** The selection as the API's arguments (ids, or allMatching with the table's filters). */
  selection: Omit<AddToGroupMutationVariables, 'groupId'>;
  /** The selection in words ("3 accounts", "all about 100,000 matching accounts"). */
  what: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const picker = useQuery(GroupPickerDocument, { fetchPolicy: 'cache-and-network' });
  const manual = (picker.data?.groups ?? []).filter((g) => g.kind === 'manual');
  const { control, handleSubmit, setError, watch } = useZodForm(pickForm, { defaultValues: { groupId: '', name: '' } });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, creating] = useCreateGroup();
  const [add, adding] = useMutation(AddToGroupDocument, {
    // Members of the group changed: its count and any table filtered by it are read again.
    update(cache, _result, { variables }) {
      if (variables) cache.evict({ id: cache.identify({ __typename: 'Group', id: variables.groupId }), fieldName: 'memberCount' });
      cache.evict({ fieldName: 'users' });
      cache.gc();
    },
  });

  const submit = handleSubmit(async (values) => {
    await attempt(async () => {
      let groupId = values.groupId;
      let name = manual.find((g) => g.id === groupId)?.name ?? '';
      if (groupId === NEW_GROUP) {
        const made = (await create({ variables: { input: { name: values.name.trim() } } })).data!.createGroup;
        groupId = made.id;
        name = made.name;
      }
      const { matched, changed } = (await add({ variables: { ...selection, groupId } })).data!.addToGroup;
      toast({
        title: `Added ${plural(changed, 'member', 'members')} to “${name}”`,
        description: matched > changed ? `${plural(matched - changed, 'was', 'were')} in it already.` : undefined,
        variant: 'success',
      });
      onDone();
    });
  });

  return (
    <FormDialog
      title={`Add ${what} to a group`}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={creating.loading || adding.loading}
      busyLabel="Adding…"
      submitLabel="Add to group"
      closeLabel="Cancel"
      maxWidth="xs"
    >
      <FormTextField
        control={control}
        name="groupId"
        label="Group"
        select
        required
        helperText="Manual groups; a rule group’s members follow its rule."
      >
        {manual.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.name}
          </MenuItem>
        ))}
        <MenuItem value={NEW_GROUP}>
          <em>New group…</em>
        </MenuItem>
      </FormTextField>
      {watch('groupId') === NEW_GROUP && <FormTextField control={control} name="name" label="New group’s name" required autoFocus />}
    </FormDialog>
  );
}
