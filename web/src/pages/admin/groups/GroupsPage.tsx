import AddRounded from '@mui/icons-material/AddRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { describeGroupRule, type GroupRuleValue } from '@studio/rules';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../components/EmptyState';
import { PageFrame } from '../../../components/PageFrame';
import { describeTotal } from '../../../components/dataTableState';
import { GroupDialog, type RuleChoices } from './GroupDialog';
import { AdminGroupsDocument, type AdminGroupRowFragment } from './groups.generated';
import { useArchiveGroup, useRestoreGroup } from './useGroupMutations';

/** A group's rule in words ("role student · aged 18 or over"), with plan, class type and apparatus names. */
export function ruleSummary(group: AdminGroupRowFragment, names: Record<string, string>): string {
  if (group.kind === 'manual') return 'Added by hand';
  return describeGroupRule((group.rule ?? {}) as GroupRuleValue, names).join(' · ') || '—';
}

/** /admin/groups: manual and rule groups with their live member counts; a group opens as the users table filtered. */
export default function GroupsPage() {
  const { toast } = useToast();
  const [archived, setArchived] = useState(false);
  const { data, previousData, loading, error, refetch } = useQuery(AdminGroupsDocument, { variables: { archived } });
  const answer = data ?? previousData;
  const [editing, setEditing] = useState<AdminGroupRowFragment | 'new' | null>(null);
  const [archive, archiving] = useArchiveGroup();
  const [restore, restoring] = useRestoreGroup();
  const choices: RuleChoices = useMemo(
    () => ({
      plans: answer?.membershipPlans ?? [],
      classTypes: answer?.classBlueprints.items ?? [],
      apparatuses: answer?.apparatuses ?? [],
    }),
    [answer],
  );
  const names = useMemo(
    () => Object.fromEntries([...choices.plans, ...choices.classTypes, ...choices.apparatuses].map((c) => [c.id, c.name])),
    [choices],
  );
  const groups = data?.groups ?? (loading ? null : (answer?.groups ?? []));
  const failure = archiving.error ?? restoring.error;

  const toggleArchived = async (group: AdminGroupRowFragment) => {
    if (group.archivedAt) await restore({ variables: { id: group.id } });
    else await archive({ variables: { id: group.id } });
    toast({ title: group.archivedAt ? `“${group.name}” restored` : `“${group.name}” archived`, variant: 'success' });
  };

  return (
    <PageFrame
      title="Groups"
      subtitle="Members by hand or by rule, for bulk actions and messages. A group’s members are the users table filtered."
      actions={
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')} disabled={!answer}>
          New group
        </Button>
      }
    >
      <Tabs value={archived ? 1 : 0} onChange={(_e, v: number) => setArchived(v === 1)} sx={{ mb: 2 }} aria-label="Which groups">
        <Tab label="Current" />
        <Tab label="Archived" />
      </Tabs>
      {error && !loading && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(failure)}
        </Alert>
      )}
      {groups === null ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={84} />
          ))}
        </Box>
      ) : groups.length === 0 ? (
        !error && (
          <EmptyState icon={<GroupsRounded />} title={archived ? 'No archived groups' : 'No groups yet'}>
            {archived
              ? 'Archived groups show here; restore one to use it again.'
              : 'Make a rule group (say, members whose pack is running out) or a list you add members to by hand.'}
          </EmptyState>
        )
      ) : (
        <Box
          component="ul"
          aria-label={archived ? 'Archived groups' : 'Groups'}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {groups.map((group) => (
            <Card component="li" key={group.id} variant="outlined" sx={{ p: 2 }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: { xs: 1, md: 2 },
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr) auto auto' },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Link
                      component={RouterLink}
                      to={`/admin/users?group=${group.id}`}
                      variant="subtitle1"
                      sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}
                    >
                      {group.name}
                    </Link>
                    <Chip size="small" variant="outlined" label={group.kind === 'rule' ? 'Rule' : 'Manual'} />
                  </Box>
                  {group.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {group.description}
                    </Typography>
                  )}
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {ruleSummary(group, names)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold', whiteSpace: 'nowrap' }}>
                  {describeTotal(group.memberCount, group.memberCountIsEstimate)} {group.memberCount === 1 ? 'member' : 'members'}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, justifyContent: { md: 'flex-end' }, ml: { xs: -1, md: 0 } }}>
                  {!group.archivedAt && (
                    <Button size="small" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
                      Edit
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="inherit"
                    disabled={archiving.loading || restoring.loading}
                    onClick={() => void toggleArchived(group).catch(() => undefined)}
                    aria-label={`${group.archivedAt ? 'Restore' : 'Archive'} ${group.name}`}
                  >
                    {group.archivedAt ? 'Restore' : 'Archive'}
                  </Button>
                </Box>
              </Box>
            </Card>
          ))}
        </Box>
      )}
      {editing && <GroupDialog group={editing === 'new' ? null : editing} choices={choices} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}
