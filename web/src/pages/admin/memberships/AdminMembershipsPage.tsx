import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatTimestampDay, formatTimestampShortDay } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { PageFrame } from '../../../components/PageFrame';
import { useAdminTable } from '../../../components/useAdminTable';
import type { MembershipStatus } from '../../../graphql/types';
import {
  AdminClassPacksDocument,
  AdminMembershipPlansDocument,
  AdminMembershipsDocument,
  type AdminMembershipRowFragment,
  type AdminPackFragment,
  type AdminPlanFragment,
} from './adminMemberships.generated';
import {
  MEMBERSHIP_TABS,
  MEMBERSHIPS_TABLE,
  membershipTab,
  type MembershipFilters,
  type MembershipTab,
} from './AdminMembershipsPage.preload';
import { CancelNowDialog, ChangePlanDialog, CompDialog, PauseDialog } from './MembershipActionDialogs';
import { allowanceText, packInput, packValuesOf, planInput, planValuesOf, STATUS_LABELS } from './membershipRules';
import { PackDialog } from './PackDialog';
import { PlanDialog } from './PlanDialog';
import { useUpdateClassPackProduct } from './useUpdateClassPackProduct';
import { useUpdateMembershipPlan } from './useUpdateMembershipPlan';

type Row = AdminMembershipRowFragment;

export function MembershipStatusChip({ membership }: { membership: Pick<Row, 'status'> }) {
  const s = STATUS_LABELS[membership.status];
  return <Chip size="small" color={s.color} label={s.label} variant={membership.status === 'canceled' ? 'outlined' : 'filled'} />;
}

/** "Renews Dec 1, 2026", "Ends Dec 1, 2026", "Ended Nov 20, 2026". */
export function periodText(m: Row): string {
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

function MembershipsTab({ plans }: { plans: readonly AdminPlanFragment[] }) {
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
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => actionsButton(row),
      },
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

/** A small list as a table on wide screens and as cards on a phone. */
function ListTable<T extends { id: string }>({
  label,
  rows,
  head,
  cells,
  card,
}: {
  label: string;
  rows: readonly T[];
  head: { label: string; align?: 'right' }[];
  cells: (row: T) => ReactNode[];
  card: (row: T) => ReactNode;
}) {
  return (
    <>
      <TableContainer component={Card} variant="outlined" sx={{ display: { xs: 'none', sm: 'block' } }}>
        <Table aria-label={label} size="small">
          <TableHead>
            <TableRow>
              {head.map((h, i) => (
                <TableCell key={i} align={h.align} sx={{ fontWeight: 'fontWeightBold', whiteSpace: 'nowrap' }}>
                  {h.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {cells(row).map((cell, i) => (
                  <TableCell key={i} align={head[i]?.align} sx={{ py: 1.25 }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: { xs: 'grid', sm: 'none' }, gap: 1.5 }} role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={row.id} variant="outlined" sx={{ p: 2 }} role="listitem">
            {card(row)}
          </Card>
        ))}
      </Box>
    </>
  );
}

function ListState({ loading, error, onRetry, empty }: { loading: boolean; error: unknown; onRetry: () => void; empty: string | null }) {
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  if (loading) return <Skeleton variant="rounded" height={160} />;
  if (empty) return <Typography color="text.secondary">{empty}</Typography>;
  return null;
}

function ActiveSwitch({ checked, label, onChange }: { checked: boolean; label: string; onChange: (next: boolean) => void }) {
  return (
    <Switch size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-label': label } }} />
  );
}

const coversText = (p: AdminPlanFragment) => (p.coveredApparatus.length ? p.coveredApparatus.map((a) => a.name).join(', ') : 'Every class');
const familyText = (p: AdminPlanFragment) =>
  p.familyMembers ? `+${p.familyMembers} ${p.familyMembers === 1 ? 'child' : 'children'}` : 'Holder only';

function PlansTab({
  plans,
  apparatuses,
  loading,
  error,
  onRetry,
}: {
  plans: readonly AdminPlanFragment[];
  apparatuses: readonly { id: string; name: string }[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ plan: AdminPlanFragment | null } | null>(null);
  const [update] = useUpdateMembershipPlan();
  const setActive = async (plan: AdminPlanFragment, active: boolean) => {
    try {
      await update({ variables: { id: plan.id, input: { ...planInput(planValuesOf(plan)), active } } });
      toast({
        title: active ? 'Plan offered' : 'Plan deactivated',
        description: active ? `${plan.name} is on /memberships.` : `${plan.name} is no longer offered; its memberships continue.`,
      });
    } catch (err) {
      toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
    }
  };
  const edit = (plan: AdminPlanFragment) => (
    <Tooltip title="Edit">
      <IconButton size="small" aria-label={`Edit ${plan.name}`} onClick={() => setEditing({ plan })}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const active = (plan: AdminPlanFragment) => (
    <ActiveSwitch checked={plan.active} label={`${plan.name} offered`} onChange={(next) => void setActive(plan, next)} />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">What members subscribe to on /memberships. Inactive plans keep their members.</Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ plan: null })}>
          New plan
        </Button>
      </Box>
      <ListState loading={loading && !plans.length} error={error} onRetry={onRetry} empty={plans.length ? null : 'No plans yet.'} />
      {plans.length > 0 && (
        <ListTable
          label="Plans"
          rows={plans}
          head={[
            { label: 'Plan' },
            { label: 'Price', align: 'right' },
            { label: 'Classes' },
            { label: 'Class types' },
            { label: 'Family' },
            { label: 'Sign-up fee', align: 'right' },
            { label: 'Active' },
            { label: '' },
          ]}
          cells={(p) => [
            <Typography key="n" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {p.name}
            </Typography>,
            `${formatMoney(p.priceCents)} / ${p.interval}`,
            allowanceText(p),
            coversText(p),
            familyText(p),
            p.signUpFeeCents ? formatMoney(p.signUpFeeCents) : '—',
            active(p),
            edit(p),
          ]}
          card={(p) => (
            <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="plan-card">
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Typography sx={{ fontWeight: 'fontWeightBold', whiteSpace: 'nowrap' }}>
                  {formatMoney(p.priceCents)} / {p.interval}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {allowanceText(p)} · {coversText(p)} · {familyText(p)}
                {p.signUpFeeCents ? ` · ${formatMoney(p.signUpFeeCents)} sign-up fee` : ''}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  {active(p)}
                  <Typography variant="body2">{p.active ? 'Offered' : 'Inactive'}</Typography>
                </Box>
                {edit(p)}
              </Box>
            </Box>
          )}
        />
      )}
      {editing && <PlanDialog plan={editing.plan} apparatuses={apparatuses} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function PacksTab() {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(AdminClassPacksDocument);
  const packs = data?.classPackProducts ?? [];
  const [editing, setEditing] = useState<{ pack: AdminPackFragment | null } | null>(null);
  const [update] = useUpdateClassPackProduct();
  const setActive = async (pack: AdminPackFragment, active: boolean) => {
    try {
      await update({ variables: { id: pack.id, input: { ...packInput(packValuesOf(pack)), active } } });
      toast({ title: active ? 'Class pack on sale' : 'Class pack off sale', description: pack.name });
    } catch (err) {
      toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
    }
  };
  const edit = (pack: AdminPackFragment) => (
    <Tooltip title="Edit">
      <IconButton size="small" aria-label={`Edit ${pack.name}`} onClick={() => setEditing({ pack })}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const active = (pack: AdminPackFragment) => (
    <ActiveSwitch checked={pack.active} label={`${pack.name} on sale`} onChange={(next) => void setActive(pack, next)} />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Sold in the shop: each one bought gives the member N classes valid D days.</Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ pack: null })}>
          New class pack
        </Button>
      </Box>
      <ListState loading={loading} error={error} onRetry={() => void refetch()} empty={packs.length ? null : 'No class packs yet.'} />
      {packs.length > 0 && (
        <ListTable
          label="Class packs"
          rows={packs}
          head={[
            { label: 'Class pack' },
            { label: 'Price', align: 'right' },
            { label: 'Classes', align: 'right' },
            { label: 'Valid for' },
            { label: 'On sale' },
            { label: '' },
          ]}
          cells={(p) => [
            <Typography key="n" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {p.name}
            </Typography>,
            formatMoney(p.priceCents),
            p.packClasses,
            `${p.packValidDays} days`,
            active(p),
            edit(p),
          ]}
          card={(p) => (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Typography sx={{ fontWeight: 'fontWeightBold' }}>{formatMoney(p.priceCents)}</Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {p.packClasses} classes · valid {p.packValidDays} days
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  {active(p)}
                  <Typography variant="body2">{p.active ? 'On sale' : 'Off sale'}</Typography>
                </Box>
                {edit(p)}
              </Box>
            </Box>
          )}
        />
      )}
      {editing && <PackDialog pack={editing.pack} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/**
 * /admin/memberships: members' memberships in a server-paged table (status, plan, search) with pause, comp, change of
 * plan and ending now; the plans on offer (create, edit, activate or deactivate); the class packs the shop sells.
 */
export default function AdminMembershipsPage() {
  const [params, setParams] = useSearchParams();
  const tab = membershipTab(params);
  const plansQuery = useQuery(AdminMembershipPlansDocument);
  const plans = plansQuery.data?.membershipPlans ?? [];
  const go = (key: MembershipTab) => setParams(key === 'members' ? {} : { tab: key });

  return (
    <PageFrame title="Membership Management" subtitle="Members' memberships, the plans on offer and the class packs the shop sells.">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs
          value={tab}
          onChange={(_, key: MembershipTab) => go(key)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Membership sections"
        >
          {MEMBERSHIP_TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`membership-tab-${t.key}`} aria-controls={`membership-panel-${t.key}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`membership-panel-${tab}`} aria-labelledby={`membership-tab-${tab}`}>
        {tab === 'members' && <MembershipsTab plans={plans} />}
        {tab === 'plans' && (
          <PlansTab
            plans={plans}
            apparatuses={plansQuery.data?.apparatuses ?? []}
            loading={plansQuery.loading}
            error={plansQuery.error}
            onRetry={() => void plansQuery.refetch()}
          />
        )}
        {tab === 'packs' && <PacksTab />}
      </Box>
    </PageFrame>
  );
}
