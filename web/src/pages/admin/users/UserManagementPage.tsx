import { fullName } from '@studio/rules';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/errors';
import { formatTimestampDay } from '../../../app/dates';
import { DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { PageFrame } from '../../../components/PageFrame';
import { useAdminTable } from '../../../components/useAdminTable';
import { initials, roleLabels, segmentLabels } from '../../../components/userLabels';
import type { MembershipFilter, PeopleSegment, Role, WaiverFilter } from '../../../graphql/types';
import { SideDrawer } from '../../../components/SideDrawer';
import { WaiverChip } from '../students/StudentManagementPage';
import { MergeAccountsDialog } from './MergeAccountsDialog';
import { NewMemberDialog } from './NewMemberDialog';
import { UserBulkActions, type UserSelection } from './UserBulkActions';
import { UserProfileForm } from './UserProfileForm';
import { UserRecords } from './UserRecords';
import { USERS_TABLE, type UserFilters } from './UserManagementPage.preload';
import {
  AdminUserFamilyDocument,
  AdminUserMailingsDocument,
  AdminUsersDocument,
  DeactivateUserDocument,
  ReactivateUserDocument,
  SendPasswordResetLinkDocument,
  SetUserRoleDocument,
  SignOutUserEverywhereDocument,
  UsersGroupNameDocument,
  type AdminUserRowFragment,
} from './users.generated';

const MEMBERSHIP_LABELS: Record<string, string> = { active: 'Active', past_due: 'Past due', paused: 'Paused' };

function MembershipChip({ status }: { status: string | null | undefined }) {
  if (!status)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Chip size="small" variant="outlined" color={status === 'active' ? 'success' : 'warning'} label={MEMBERSHIP_LABELS[status] ?? status} />
  );
}

function StatusChip({ active }: { active: boolean }) {
  return active ? <Chip size="small" variant="outlined" label="Active" /> : <Chip size="small" color="default" label="Deactivated" />;
}

/** Last visit: "Visited in 7 days" style filters, each one filter value of the API. */
const VISIT_OPTIONS = [
  ['within:7', 'Visited in the last 7 days'],
  ['within:30', 'Visited in the last 30 days'],
  ['since:21', 'No visit for 21 days'],
  ['since:60', 'No visit for 60 days'],
] as const;

function visitValue(f: UserFilters): string {
  if (f.visitedWithinDays) return `within:${f.visitedWithinDays}`;
  if (f.notVisitedForDays) return `since:${f.notVisitedForDays}`;
  return '';
}

/** One account: profile, family, role and access, password reset, attendance. */
function UserDrawer({
  user,
  onClose,
  onMerged,
}: {
  user: AdminUserRowFragment;
  onClose: () => void;
  onMerged: (kept: AdminUserRowFragment) => void;
}) {
  const family = useQuery(AdminUserFamilyDocument, { variables: { id: user.id } });
  const [setRole, roleState] = useMutation(SetUserRoleDocument);
  const [deactivate, deactivateState] = useMutation(DeactivateUserDocument);
  const [reactivate, reactivateState] = useMutation(ReactivateUserDocument);
  const [sendReset, resetState] = useMutation(SendPasswordResetLinkDocument);
  const [signOut, signOutState] = useMutation(SignOutUserEverywhereDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const [editing, setEditing] = useState(false);
  const failure = roleState.error ?? deactivateState.error ?? reactivateState.error ?? resetState.error ?? signOutState.error;
  const members = family.data?.user.familyMembers ?? [];
  return (
    <SideDrawer labelledBy="user-drawer-title" width={520} onClose={onClose}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
        <Avatar sx={{ width: 48, height: 48, bgcolor: 'primary.main' }}>{initials(user)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="user-drawer-title" component="h2" variant="h6">
            {fullName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            @{user.username} · {roleLabels[user.role] ?? user.role} · age {user.age}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Close">
          <CloseRounded />
        </IconButton>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(failure)}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {editing ? (
        <UserProfileForm
          user={user}
          onDone={(saved) => {
            setEditing(false);
            if (saved) setNotice('Profile saved.');
          }}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 0.75, mb: 2.5 }}>
          <Typography variant="body2">
            <strong>Email:</strong> {user.email ?? '—'}
            <MailingsOptOutNote userId={user.id} />
          </Typography>
          <Typography variant="body2">
            <strong>Phone:</strong> {user.phone ?? '—'}
          </Typography>
          <Typography variant="body2">
            <strong>Member since:</strong> {formatTimestampDay(user.createdAt)} · <strong>Last visit:</strong>{' '}
            {user.lastVisitAt ? formatTimestampDay(user.lastVisitAt) : 'never'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              <strong>Waiver:</strong>
            </Typography>
            <WaiverChip signed={user.waiverSigned} />
            <Typography variant="body2" sx={{ ml: 1 }}>
              <strong>Membership:</strong>
            </Typography>
            <MembershipChip status={user.membershipStatus} />
          </Box>
          <Box>
            <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        <TextField
          select
          size="small"
          label="Role"
          value={user.role}
          disabled={roleState.loading}
          onChange={(e) => void setRole({ variables: { id: user.id, role: e.target.value as Role } }).catch(() => undefined)}
          sx={{ width: 160 }}
        >
          {Object.entries(roleLabels).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {user.isActive ? (
          <Button
            color="error"
            variant="outlined"
            disabled={deactivateState.loading}
            onClick={() => void deactivate({ variables: { id: user.id } }).catch(() => undefined)}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            variant="outlined"
            disabled={reactivateState.loading}
            onClick={() => void reactivate({ variables: { id: user.id } }).catch(() => undefined)}
          >
            Reactivate
          </Button>
        )}
        {user.email && (
          <Button
            variant="text"
            disabled={resetState.loading}
            onClick={() =>
              void sendReset({ variables: { email: user.email! } })
                .then(() => setNotice(`A password reset link is on its way to ${user.email}.`))
                .catch(() => undefined)
            }
          >
            Send password reset link
          </Button>
        )}
        <Button
          variant="text"
          disabled={signOutState.loading}
          onClick={() =>
            void signOut({ variables: { id: user.id } })
              .then(() => setNotice(`Every session of ${user.firstName} has ended: they sign in again on each device.`))
              .catch(() => undefined)
          }
        >
          Sign out everywhere
        </Button>
        {user.isActive && (
          <Button variant="text" onClick={() => setMerging(true)}>
            Merge into…
          </Button>
        )}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        Family
      </Typography>
      {members.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          No family members on this account.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 1 }}>
          {members.map((m) => (
            <Box component="li" key={m.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">
                {fullName(m)} · age {m.age}
              </Typography>
              <WaiverChip signed={m.waiverSigned} />
            </Box>
          ))}
        </Box>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ mb: 0.5 }}>
        Records
      </Typography>
      <UserRecords user={user} />
      {merging && <MergeAccountsDialog duplicate={user} onClose={() => setMerging(false)} onMerged={onMerged} />}
    </SideDrawer>
  );
}

/** /admin/users: every account at 100,000 members, found by any part of a name, username, email or phone. */
export default function UserManagementPage() {
  const { table, filters: f, page, onSearch, grid } = useAdminTable(AdminUsersDocument, USERS_TABLE, (d) => d.users);
  const { setFilter, setFilters } = table;
  const rows = page?.items ?? [];
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('user');
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const open = (row: AdminUserRowFragment) => setParams({ user: row.id });
  const close = () => setParams({});
  const [adding, setAdding] = useState(false);
  // Opened from /admin/groups (`?group=<id>`): the group's members, under a chip naming the group.
  const groupName = useQuery(UsersGroupNameDocument, { variables: { id: f.group ?? '' }, skip: !f.group });
  const clearGroup = () => {
    setFilter('group', null);
    const next = new URLSearchParams(params);
    next.delete('group');
    setParams(next);
  };
  // A selection belongs to the filters it was made under: changing them starts a new one.
  const filterKey = JSON.stringify(f);
  const [picked, setPicked] = useState<UserSelection & { key: string }>({ key: filterKey, ids: [], allMatching: false });
  const selection: UserSelection = picked.key === filterKey ? picked : { ids: [], allMatching: false };
  const select = (next: UserSelection) => setPicked({ ...next, key: filterKey });

  const columns = useMemo<GridColDef<AdminUserRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 210,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: row.isActive ? 'primary.main' : 'grey.700' }} aria-hidden>
              {initials(row)}
            </Avatar>
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
                {fullName(row)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                @{row.username}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 200, valueGetter: (_v, row) => row.email ?? '—' },
      { field: 'role', headerName: 'Role', width: 110, valueGetter: (_v, row) => roleLabels[row.role] ?? row.role },
      { field: 'status', headerName: 'Status', width: 120, sortable: false, renderCell: ({ row }) => <StatusChip active={row.isActive} /> },
      {
        field: 'waiver',
        headerName: 'Waiver',
        width: 105,
        sortable: false,
        renderCell: ({ row }) => <WaiverChip signed={row.waiverSigned} />,
      },
      {
        field: 'membership',
        headerName: 'Membership',
        width: 125,
        sortable: false,
        renderCell: ({ row }) => <MembershipChip status={row.membershipStatus} />,
      },
      {
        field: 'lastVisitAt',
        headerName: 'Last visit',
        width: 125,
        valueFormatter: (v: string | null) => (v ? formatTimestampDay(v) : '—'),
      },
      { field: 'createdAt', headerName: 'Joined', width: 120, valueFormatter: (v: string) => formatTimestampDay(v) },
    ],
    [],
  );

  const activeFilters = [f.role, f.isActive, f.waiver, f.membership, visitValue(f) || null].filter((v) => v !== null).length;
  const groupLabel = groupName.data?.group.name ?? (groupName.error ? 'not found' : '…');
  return (
    <PageFrame title="User Management" subtitle="Every account: find anyone by name, username, email or phone; roles, access and family.">
      {f.group && (
        <Box sx={{ mb: 1.5 }}>
          <Chip
            color="primary"
            variant="outlined"
            label={`Group: ${groupLabel}`}
            onDelete={clearGroup}
            deleteIcon={<CancelRounded titleAccess="Clear the group filter" />}
          />
        </Box>
      )}
      {(selection.ids.length > 0 || selection.allMatching) && (
        <UserBulkActions
          selection={selection}
          pageRowCount={rows.length}
          total={grid.total}
          totalIsEstimate={grid.totalIsEstimate}
          filters={f}
          manualGroup={groupName.data?.group.kind === 'manual' ? groupName.data.group : null}
          onChange={select}
        />
      )}
      <DataTable
        label="Users"
        noun={['account', 'accounts']}
        {...grid}
        columns={columns}
        rowHeight={60}
        search={
          <TableSearchField
            label="Search users"
            value={f.search}
            onChange={onSearch}
            placeholder="Name, username, email or phone"
            width={300}
          />
        }
        activeFilters={activeFilters}
        filters={
          <>
            <TableFilterSelect
              label="Role"
              value={f.role ?? ''}
              onChange={(v) => setFilter('role', (v || null) as Role | null)}
              options={Object.entries(roleLabels)}
              width={130}
            />
            <TableFilterSelect
              label="Status"
              value={f.isActive === null ? '' : String(f.isActive)}
              onChange={(v) => setFilter('isActive', v === '' ? null : v === 'true')}
              options={[
                ['true', 'Active'],
                ['false', 'Deactivated'],
              ]}
              width={130}
            />
            <TableFilterSelect
              label="Waiver"
              value={f.waiver ?? ''}
              onChange={(v) => setFilter('waiver', (v || null) as WaiverFilter | null)}
              options={[
                ['signed', 'Signed'],
                ['missing', 'Missing'],
              ]}
              width={130}
            />
            <TableFilterSelect
              label="Membership"
              value={f.membership ?? ''}
              onChange={(v) => setFilter('membership', (v || null) as MembershipFilter | null)}
              options={[...Object.entries(MEMBERSHIP_LABELS), ['none', 'No membership']]}
              width={150}
            />
            <TableFilterSelect
              label="Follow-up"
              value={f.segment ?? ''}
              onChange={(v) => setFilter('segment', (v || null) as PeopleSegment | null)}
              options={Object.entries(segmentLabels)}
              width={190}
            />
            <TableFilterSelect
              label="Last visit"
              value={visitValue(f)}
              onChange={(v) => {
                const [kind, days] = v.split(':');
                setFilters({
                  visitedWithinDays: kind === 'within' ? Number(days) : null,
                  notVisitedForDays: kind === 'since' ? Number(days) : null,
                });
              }}
              options={VISIT_OPTIONS}
              width={210}
            />
          </>
        }
        actions={
          <Button variant="contained" startIcon={<PersonAddRounded />} onClick={() => setAdding(true)}>
            New member
          </Button>
        }
        onRowClick={open}
        selectedId={selectedId}
        selection={{
          // "All matching" shows every row of the page checked.
          ids: selection.allMatching ? rows.map((r) => r.id) : selection.ids,
          onChange: (ids) => select({ ids, allMatching: false }),
          labelOf: (row) => fullName(row),
        }}
        emptyText="No accounts match these filters."
        renderCard={(row) => (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: row.isActive ? 'primary.main' : 'grey.700' }} aria-hidden>
              {initials(row)}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{fullName(row)}</Typography>
                <WaiverChip signed={row.waiverSigned} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {roleLabels[row.role] ?? row.role} · {row.email ?? `@${row.username}`}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                {!row.isActive && <StatusChip active={false} />}
                <MembershipChip status={row.membershipStatus} />
                <Typography variant="caption" color="text.secondary">
                  Last visit {row.lastVisitAt ? formatTimestampDay(row.lastVisitAt) : 'never'}
                </Typography>
              </Box>
            </Box>
          </Box>
        )}
      />
      {selected && (
        <UserDrawer
          key={selected.id}
          user={selected}
          onClose={close}
          onMerged={(kept) => {
            // The kept account is found and opened, wherever it sorts.
            setFilter('search', kept.username ?? '');
            setParams({ user: kept.id });
          }}
        />
      )}
      {adding && (
        <NewMemberDialog
          onClose={() => setAdding(false)}
          onCreated={(made) => {
            setAdding(false);
            // The new member is found at once: the table searches for them and their drawer opens.
            setFilter('search', made.username ?? '');
            setParams({ user: made.id });
          }}
        />
      )}
    </PageFrame>
  );
}

/** " · unsubscribed from mailings on Dec 3, 2026" beside the drawer's email, when the person opted out. */
function MailingsOptOutNote({ userId }: { userId: string }) {
  const { data } = useQuery(AdminUserMailingsDocument, { variables: { id: userId } });
  const at = data?.users.items[0]?.mailingsOptOutAt;
  return at ? (
    <Typography component="span" variant="body2" color="text.secondary">
      {' '}
      · unsubscribed from mailings on {formatTimestampDay(at)}
    </Typography>
  ) : null;
}
