import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { describeTotal } from '../../../components/dataTableState';
import { AddToGroupDialog } from '../groups/AddToGroupDialog';
import { RemoveFromGroupButton } from '../groups/RemoveFromGroupButton';
import { saveBlob } from '../attendance/attendanceCsv';
import type { UserFilters } from './UserManagementPage.preload';
import { DeactivateUsersDocument, UsersCsvDocument } from './users.generated';

/** The accounts a bulk action applies to: the checked rows, or every account the table's filters match. */
export interface UserSelection {
  ids: string[];
  allMatching: boolean;
}

/** The table's filters as the API's arguments (those not set left out). */
export function filterArgs(f: UserFilters) {
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.role ? { role: f.role } : {}),
    ...(f.isActive !== null ? { isActive: f.isActive } : {}),
    ...(f.waiver ? { waiver: f.waiver } : {}),
    ...(f.membership ? { membership: f.membership } : {}),
    ...(f.visitedWithinDays ? { visitedWithinDays: f.visitedWithinDays } : {}),
    ...(f.notVisitedForDays ? { notVisitedForDays: f.notVisitedForDays } : {}),
    ...(f.segment ? { segment: f.segment } : {}),
    ...(f.group ? { group: f.group } : {}),
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The bar over the users table while rows are checked: how many, "select all N matching this filter" when the whole
 * page is checked and more match, and the bulk actions (add to a group, deactivate, export as CSV). "All matching" is
 * applied by the server with the table's own filters.
 */
export function UserBulkActions({
  selection,
  pageRowCount,
  total,
  totalIsEstimate,
  filters,
  manualGroup,
  onChange,
}: {
  selection: UserSelection;
  pageRowCount: number;
  total: number;
  totalIsEstimate: boolean;
  filters: UserFilters;
  /** The manual group the table is filtered by, if it is one: its members can be taken out. */
  manualGroup?: { id: string; name: string } | null;
  onChange: (next: UserSelection) => void;
}) {
  const { toast } = useToast();
  const client = useApolloClient();
  const [confirming, setConfirming] = useState(false);
  const [grouping, setGrouping] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const [deactivate, deactivation] = useMutation(DeactivateUsersDocument, {
    // Statuses changed on any number of pages: the table asks again.
    update(cache) {
      cache.evict({ fieldName: 'users' });
      cache.evict({ fieldName: 'adminStudents' });
      cache.gc();
    },
  });
  const { allMatching, ids } = selection;
  const count = allMatching ? describeTotal(total, totalIsEstimate) : ids.length.toLocaleString('en-US');
  const what = allMatching ? `all ${count} matching accounts` : plural(ids.length, 'account', 'accounts');
  const args = allMatching ? { allMatching: true, ...filterArgs(filters) } : { ids };

  const runDeactivate = async () => {
    const { data } = await deactivate({ variables: args });
    setConfirming(false);
    if (!data) return;
    const { deactivated, skippedSelf } = data.deactivateUsers;
    toast({
      title: `Deactivated ${plural(deactivated, 'account', 'accounts')}`,
      description: skippedSelf ? 'Your own account was in the selection and stays active.' : undefined,
      variant: 'success',
    });
    onChange({ ids: [], allMatching: false });
  };

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { data } = await client.query({
        query: UsersCsvDocument,
        variables: allMatching ? filterArgs(filters) : { ids },
        fetchPolicy: 'no-cache',
      });
      if (data) saveBlob(new Blob([data.usersCsv], { type: 'text/csv' }), 'accounts.csv');
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(false);
    }
  };

  const failure = exportError ?? deactivation.error;
  return (
    <Box role="region" aria-label="Selected accounts" sx={{ mb: 1.5 }}>
      <Alert
        severity="info"
        icon={false}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button color="inherit" size="small" onClick={() => setGrouping(true)}>
              Add to group
            </Button>
            {manualGroup && (
              <RemoveFromGroupButton group={manualGroup} selection={args} onDone={() => onChange({ ids: [], allMatching: false })} />
            )}
            <Button color="inherit" size="small" disabled={exporting} onClick={() => void runExport()}>
              Export CSV
            </Button>
            <Button color="error" variant="outlined" size="small" onClick={() => setConfirming(true)}>
              Deactivate
            </Button>
            <Button color="inherit" size="small" onClick={() => onChange({ ids: [], allMatching: false })}>
              Clear
            </Button>
          </Box>
        }
      >
        {allMatching
          ? `All ${count} accounts matching this filter are selected.`
          : `${plural(ids.length, 'account', 'accounts')} selected.`}
        {!allMatching && ids.length >= pageRowCount && total > ids.length && (
          <Button size="small" sx={{ ml: 1 }} onClick={() => onChange({ ids: [], allMatching: true })}>
            Select all {describeTotal(total, totalIsEstimate)} matching this filter
          </Button>
        )}
      </Alert>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(failure)}
        </Alert>
      )}
      {grouping && (
        <AddToGroupDialog
          selection={args}
          what={what}
          onClose={() => setGrouping(false)}
          onDone={() => {
            setGrouping(false);
            onChange({ ids: [], allMatching: false });
          }}
        />
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="bulk-deactivate-title">
          <DialogTitle id="bulk-deactivate-title">Deactivate {what}?</DialogTitle>
          <DialogContent>
            {deactivation.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(deactivation.error)}
              </Alert>
            )}
            <DialogContentText>
              They can no longer sign in and their sessions end; you can reactivate each one later. Your own account is never deactivated.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              disabled={deactivation.loading}
              onClick={() => void runDeactivate().catch(() => undefined)}
            >
              Deactivate {what}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
