import { formatMoney, fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TimelineRounded from '@mui/icons-material/TimelineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateWithYear, formatTimestampDay } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { AttendanceHistory } from '../../../components/attendance/AttendanceHistory';
import { EmptyState } from '../../../components/EmptyState';
import { OrderRow } from '../../payments/OrderRow';
import { downloadSignedCopy } from '../../waiver/downloadSignedCopy';
import { STATUS_LABELS as INVOICE_STATUS } from '../invoices/invoiceRules';
import { STATUS_LABELS as MEMBERSHIP_STATUS } from '../memberships/membershipRules';
import { AdminUserMovesDocument, AdminUserRecordsDocument, type AdminUserRowFragment } from './users.generated';

type Person = Pick<AdminUserRowFragment, 'id' | 'firstName' | 'username' | 'role'>;

const LIST_SX = { listStyle: 'none', m: 0, p: 0, '& > li:first-of-type': { borderTop: 0, pt: 0 } } as const;
const ROW_SX = { py: 1.25, borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1.5 } as const;

/** The admin drawer's records of one person, a tab each: classes, orders, memberships and packs, invoices, waivers, moves. */
export function UserRecords({ user }: { user: Person }) {
  const tabs = [
    { key: 'classes', label: 'Classes', body: <AttendanceHistory userId={user.id} name={user.firstName} /> },
    { key: 'orders', label: 'Orders', body: <OrdersTab user={user} /> },
    { key: 'memberships', label: 'Memberships', body: <MembershipsTab user={user} /> },
    { key: 'invoices', label: 'Invoices', body: <InvoicesTab user={user} /> },
    { key: 'waivers', label: 'Waivers', body: <WaiversTab user={user} /> },
    ...(user.role === 'student' ? [{ key: 'moves', label: 'Moves', body: <MovesTab user={user} /> }] : []),
  ];
  const [tab, setTab] = useState(tabs[0].key);
  const current = tabs.find((t) => t.key === tab) ?? tabs[0];
  return (
    <Box>
      <Tabs
        value={current.key}
        onChange={(_, value: string) => setTab(value)}
        variant="scrollable"
        scrollButtons={false}
        aria-label={`Records of ${user.firstName}`}
        sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.25 } }}
      >
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} id={`records-tab-${t.key}`} aria-controls={`records-panel-${t.key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`records-panel-${current.key}`} aria-labelledby={`records-tab-${current.key}`}>
        {current.body}
      </Box>
    </Box>
  );
}

/** Loading, failure and empty states shared by the tabs. */
function Loaded({ loading, error, empty, children }: { loading: boolean; error?: Error; empty: ReactNode | null; children: ReactNode }) {
  if (error) return <Alert severity="error">{errorMessage(error, 'These records could not be loaded.')}</Alert>;
  if (loading) return <Skeleton variant="rounded" height={96} />;
  return <>{empty ?? children}</>;
}

function useRecords(user: Person) {
  return useQuery(AdminUserRecordsDocument, { variables: { id: user.id } });
}

function OrdersTab({ user }: { user: Person }) {
  const { data, loading, error } = useRecords(user);
  const orders = data?.user.orders ?? [];
  return (
    <Loaded
      loading={loading && !data}
      error={error}
      empty={
        orders.length === 0 ? (
          <EmptyState dense icon={<ReceiptLongOutlined />} title="No orders">
            {user.firstName} has not paid for anything online or at the front desk.
          </EmptyState>
        ) : null
      }
    >
      <Box component="ul" aria-label={`Orders of ${user.firstName}`} sx={LIST_SX}>
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </Box>
    </Loaded>
  );
}

function MembershipsTab({ user }: { user: Person }) {
  const { data, loading, error } = useRecords(user);
  const memberships = data?.user.memberships ?? [];
  const packs = data?.user.classPacks ?? [];
  return (
    <Loaded
      loading={loading && !data}
      error={error}
      empty={
        memberships.length + packs.length === 0 ? (
          <EmptyState dense icon={<CardMembershipRounded />} title="No membership or pack">
            {user.firstName} pays per class.
          </EmptyState>
        ) : null
      }
    >
      <Box component="ul" aria-label={`Memberships and packs of ${user.firstName}`} sx={LIST_SX}>
        {memberships.map((m) => {
          const status = MEMBERSHIP_STATUS[m.status];
          const detail = m.duplicate
            ? 'Duplicate, refunded'
            : m.status === 'canceled'
              ? `Ended · was until ${formatTimestampDay(m.currentPeriodEnd)}`
              : `${m.cancelAtPeriodEnd ? 'Ends' : 'Renews'} ${formatTimestampDay(m.currentPeriodEnd)}${
                  m.plan.classesPerPeriod ? ` · ${m.usedThisPeriod} of ${m.plan.classesPerPeriod} classes used` : ''
                }`;
          return (
            <Box component="li" key={m.id} sx={ROW_SX}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold' }}>
                  {m.plan.name}
                  {m.comp ? ' (comp)' : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {detail}
                </Typography>
              </Box>
              <Chip size="small" variant="outlined" label={status.label} color={status.color} />
            </Box>
          );
        })}
        {packs.map((p) => (
          <Box component="li" key={p.id} sx={ROW_SX}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 'fontWeightBold' }}>{p.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {p.classes - p.used} of {p.classes} classes left · expires {formatTimestampDay(p.expiresAt)}
              </Typography>
            </Box>
            <Chip size="small" variant="outlined" label="Pack" />
          </Box>
        ))}
      </Box>
      <Button
        size="small"
        component={RouterLink}
        to={`/admin/memberships?search=${encodeURIComponent(user.username ?? user.firstName)}`}
        sx={{ mt: 1 }}
      >
        Manage memberships
      </Button>
    </Loaded>
  );
}

function InvoicesTab({ user }: { user: Person }) {
  const { data, loading, error } = useRecords(user);
  const invoices = data?.user.invoices ?? [];
  return (
    <Loaded
      loading={loading && !data}
      error={error}
      empty={
        invoices.length === 0 ? (
          <EmptyState dense icon={<DescriptionOutlined />} title="No invoices">
            No invoice has been written to {user.firstName} or their family.
          </EmptyState>
        ) : null
      }
    >
      <Box component="ul" aria-label={`Invoices of ${user.firstName}`} sx={LIST_SX}>
        {invoices.map((invoice) => (
          <Box component="li" key={invoice.id} sx={ROW_SX}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 'fontWeightBold' }}>
                {invoice.number} · {formatMoney(invoice.totalCents)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Due {formatDateWithYear(invoice.dueDate)}
                {invoice.member.id !== user.id ? ` · for ${invoice.member.firstName}` : ''}
              </Typography>
            </Box>
            <Chip
              size="small"
              variant="outlined"
              label={invoice.overdue ? 'Overdue' : INVOICE_STATUS[invoice.status]}
              color={invoice.overdue ? 'error' : invoice.status === 'paid' ? 'success' : 'default'}
            />
          </Box>
        ))}
      </Box>
    </Loaded>
  );
}

function WaiversTab({ user }: { user: Person }) {
  const { toast } = useToast();
  const { data, loading, error } = useRecords(user);
  const signatures = data?.user.waiverSignatures ?? [];
  return (
    <Loaded
      loading={loading && !data}
      error={error}
      empty={
        signatures.length === 0 ? (
          <EmptyState dense icon={<DrawOutlined />} title="No signatures">
            {user.firstName} has not signed a waiver, nor for anyone in the family.
          </EmptyState>
        ) : null
      }
    >
      <Box component="ul" aria-label={`Waiver signatures of ${user.firstName}`} sx={LIST_SX}>
        {signatures.map((s) => (
          <Box component="li" key={s.id} sx={ROW_SX}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 'fontWeightBold' }}>
                Version {s.documentVersion} · {fullName(s.signedFor)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatTimestampDay(s.signedAt)}
                {s.signedBy.id !== s.signedFor.id ? ` · signed by ${fullName(s.signedBy)}` : ''}
              </Typography>
            </Box>
            <Button
              size="small"
              onClick={() =>
                void downloadSignedCopy(s.pdfUrl).catch(() =>
                  toast({ title: 'Error', description: 'The PDF copy could not be downloaded. Please try again.', variant: 'error' }),
                )
              }
            >
              PDF
            </Button>
          </Box>
        ))}
      </Box>
    </Loaded>
  );
}

function MovesTab({ user }: { user: Person }) {
  const { data, loading, error } = useQuery(AdminUserMovesDocument, { variables: { id: user.id } });
  const apparatus = (data?.studentMoves.apparatus ?? []).filter((a) => a.level > 0 || (a.nextLevel?.signedOff ?? 0) > 0);
  return (
    <Loaded
      loading={loading && !data}
      error={error}
      empty={
        apparatus.length === 0 ? (
          <EmptyState dense icon={<TimelineRounded />} title="No moves signed off yet">
            {user.firstName}&apos;s levels show here once an instructor signs off a move.
          </EmptyState>
        ) : null
      }
    >
      <Box component="ul" aria-label={`Levels of ${user.firstName}`} sx={LIST_SX}>
        {apparatus.map((a) => (
          <Box component="li" key={a.apparatus.id} sx={{ ...ROW_SX, display: 'block' }}>
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>
              {a.apparatus.name} · {a.level > 0 ? `level ${a.level}` : 'no level yet'}
            </Typography>
            {a.nextLevel && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {a.nextLevel.name}: {a.nextLevel.signedOff} of {a.nextLevel.required} moves signed off
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={(100 * a.nextLevel.signedOff) / Math.max(1, a.nextLevel.required)}
                  aria-label={`${a.nextLevel.name} progress`}
                  sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
                />
              </>
            )}
          </Box>
        ))}
      </Box>
    </Loaded>
  );
}
