import Button from '@mui/material/Button';
import { useMutation } from '@apollo/client/react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { RemoveFromGroupDocument, type RemoveFromGroupMutationVariables } from './RemoveFromGroupButton.generated';

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;

/** On the users table filtered by a manual group: takes the selection (checked rows, or all matching) out of it. */
export function RemoveFromGroupButton({
  group,
  selection,
  onDone,
}: {
  group: { id: string; name: string };
  selection: Omit<RemoveFromGroupMutationVariables, 'groupId'>;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [remove, { loading }] = useMutation(RemoveFromGroupDocument, {
    // The group's count and the table filtered by it change.
    update(cache) {
      cache.evict({ id: cache.identify({ __typename: 'Group', id: group.id }), fieldName: 'memberCount' });
      cache.evict({ fieldName: 'users' });
      cache.gc();
    },
  });
  const run = async () => {
    try {
      const { data } = await remove({ variables: { ...selection, groupId: group.id } });
      if (data) toast({ title: `Removed ${plural(data.removeFromGroup.changed)} from “${group.name}”`, variant: 'success' });
      onDone();
    } catch (err) {
      toast({ title: 'Not removed', description: errorMessage(err), variant: 'error' });
    }
  };
  return (
    <Button color="inherit" size="small" disabled={loading} onClick={() => void run()}>
      Remove from group
    </Button>
  );
}
