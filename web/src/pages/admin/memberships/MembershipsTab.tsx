import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { formatTimestampDay, formatTimestampShortDay } from '../../../app/dates';
import { actionsColumn, DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { useAdminTable } from '../../../components/useAdminTable';
import type { MembershipStatus } from '../../../graphql/types';
import { AdminMembershipsDocument, type AdminMembershipRowFragment, type AdminPlanFragment } from './adminMemberships.generated';
import { MEMBERSHIPS_TABLE, type MembershipFilters } from './AdminMembershipsPage.preload';
import { CancelNowDialog, ChangePlanDialog, CompDialog, PauseDialog } from './MembershipActionDialogs';
import { STATUS_LABELS } from './membershipRules';

type Row = AdminMembershipRowFragment;

export function MembershipStatusChip({ membership }: { membership: Pick<Row, 'status'> }) {
  const s = STATUS_LABELS[membership.status];
  return <Chip size="small" color={s.color} label={s.label} variant={membership.status === 'canceled' ? 'outlined' : 'filled'} />;
}

/** "Renews Dec 1, 2026", "Ends Dec 1, 2026", "Ended Nov 20, 2026", "Duplicate, refunded Nov 20, 2026". */
export function periodText(m: Row): string {
  if (m.duplicate) return `Duplicate, refunded ${formatTimestampDay(m.canceledAt ?? m.currentPeriodStart)}`;
  if (m.status === 'canceled') return `Ended ${formatTimestampDay(m.canceledAt ?? m.currentPeriodEnd)}`;
  return `${m.cancelAtPeriodEnd ? 'Ends' : 'Renews'} ${formatTimestampDay(m.currentPeriodEnd)}`;
}

/** Classes used this period: "3 of 8", or "5 · unlimited" (the table's column); `sentence` for a card: "3 of 8 classes used". */
export function usageText(m: Row, { sentence = false } = {}): string {
  const used = m.plan.classesPerPeriod === null ? `${m.usedThisPeriod}` : `${m.usedThisPeriod} of ${m.plan.classesPerPeriod}`;
  if (!sentence) return m.plan.classesPerPeriod === null ? `${used} · unlimited` : used;
  const classes = m.plan.classesPerPeriod === 1 || (m.plan.classesPerPeriod === null && m.usedThisPeriod === 1) ? 'class' : 'classes';
  return `${used} ${classes} used${m.plan.classesPerPeriod === null ? ' (unlimited)' : ''}`;
}

type Action = { kind: 'pause' | 'change' | 'cancel'; membership: Row } | { kind: 'comp' };

/** Members' memberships in a server-paged table (status, plan, search) with pause, comp, change of plan and ending now. */
export function MembershipsTab({ plans }: { plans: readonly AdminPlanFragment[] }) {
  const { table, filters: f, onSearch, grid } = useAdminTable(AdminMembershipsDocument, MEMBERSHIPS_TABLE, (d) => d.adminMemberships);
  const { setFilter } = table;
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: Row } | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const openMenu = useCallback((e: MouseEvent<HTMLElement>, row: Row) => {
    e.stopPropagation();
    setMenu({ anchor: e.currentTarget, row });
  }, []);
  const actionsButton = useCallback(
    (row: Row) => (
      <IconButton
        size="small"
        aria-label={`Actions for ${row.holder.name}`}
        onClick={(e) => openMenu(e, row)}
        disabled={row.status === 'canceled'}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
    ),
    [openMenu],
  );

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'member',
        headerName: 'Member',
        flex: 1.2,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {row.holder.name}
            </Typography>
            {row.comp && <Chip size="small" label="Comp" variant="outlined" />}
          </Box>
        ),
      },
      {
        field: 'plan',
        headerName: 'Plan',
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap>
              {row.plan.name}
            </Typography>
            {row.nextPlan && (
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                Then {row.nextPlan.name}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'status', headerName: 'Status', width: 160, renderCell: ({ row }) => <MembershipStatusChip membership={row} /> },
      {
        field: 'currentPeriodEnd',
        headerName: 'Renews / ends',
        width: 180,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3 }}>
            <Typography variant="body2">{periodText(row)}</Typography>
            {row.status === 'paused' && row.pausedUntil && (
              <Typography variant="caption" color="text.secondary" component="p">
                Paused until {formatTimestampDay(row.pausedUntil)}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'usedThisPeriod',
        headerName: 'Classes used',
        description: 'Classes used this billing period',
        width: 130,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => usageText(row),
      },
      {
        field: 'failedPayments',
        headerName: 'Failed payments',
        width: 160,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          row.failedPayments > 0 ? (
            <Box sx={{ lineHeight: 1.3, textAlign: 'right' }}>
              <Typography variant="body2" color="error" sx={{ fontWeight: 'fontWeightBold' }}>
                {row.failedPayments}
              </Typography>
              {row.pastDueSince && (
                <Typography variant="caption" color="text.secondary" component="p">
                  since {formatTimestampShortDay(row.pastDueSince)}
                </Typography>
              )}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              0
            </Typography>
          ),
      },
      actionsColumn(56, (row) => actionsButton(row)),
    ],
    [actionsButton],
  );

  const m = menu?.row;
  const pick = (kind: 'pause' | 'change' | 'cancel') => {
    if (m) setAction({ kind, membership: m });
    setMenu(null);
  };

  return (
    <>
      <DataTable
        label="Memberships"
        noun={['membership', 'memberships']}
        {...grid}
        columns={columns}
        rowHeight={60}
        emptyText="No memberships match these filters."
        search={<TableSearchField label="Search members" value={f.search} onChange={onSearch} placeholder="Name or username" width={240} />}
        activeFilters={[f.status, f.planId].filter((v) => v !== null).length}
        filters={
          <>
            <TableFilterSelect
              label="Status"
              value={f.status ?? ''}
              onChange={(v) => setFilter('status', (v || null) as MembershipFilters['status'])}
              options={(Object.keys(STATUS_LABELS) as MembershipStatus[]).map((s) => [s, STATUS_LABELS[s].label] as const)}
              width={160}
            />
            <TableFilterSelect
              label="Plan"
              value={f.planId ?? ''}
              onChange={(v) => setFilter('planId', v || null)}
              options={plans.map((p) => [p.id, p.name] as const)}
              width={200}
            />
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAction({ kind: 'comp' })} disabled={!plans.length}>
            Comp a membership
          </Button>
        }
        renderCard={(row) => (
          <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="membership-card">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{row.holder.name}</Typography>
              <MembershipStatusChip membership={row} />
            </Box>
            <Typography variant="body2">
              {row.plan.name}
              {row.comp ? ' · comp' : ''}
              {row.nextPlan ? ` → ${row.nextPlan.name}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {periodText(row)} · {usageText(row, { sentence: true })}
                {row.failedPayments > 0 ? ` · ${row.failedPayments} failed` : ''}
              </Typography>
              {actionsButton(row)}
            </Box>
          </Box>
        )}
      />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => pick('pause')}>Pause…</MenuItem>
        <MenuItem onClick={() => pick('change')}>Change plan…</MenuItem>
        <MenuItem onClick={() => pick('cancel')} sx={{ color: 'error.main' }}>
          End now…
        </MenuItem>
      </Menu>
      {action?.kind === 'comp' && <CompDialog plans={plans} onClose={() => setAction(null)} />}
      {action?.kind === 'pause' && <PauseDialog membership={action.membership} onClose={() => setAction(null)} />}
      {action?.kind === 'change' && <ChangePlanDialog membership={action.membership} plans={plans} onClose={() => setAction(null)} />}
      {action?.kind === 'cancel' && <CancelNowDialog membership={action.membership} onClose={() => setAction(null)} />}
    </>
  );
}
