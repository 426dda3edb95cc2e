import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import ForwardToInboxRounded from '@mui/icons-material/ForwardToInboxRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatTimestamp, formatTimestampDay } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { FormDialog } from '../../../components/FormDialog';
import { useServerTable, withFiltersFrom } from '../../../components/dataTableState';
import type { WaiverStanding } from '../../../graphql/types';
import { downloadSignedCopy } from '../../waiver/downloadSignedCopy';
import {
  AdminWaiverSignatureDrawingDocument,
  AdminWaiverStatusesDocument,
  type AdminWaiverStatusRowFragment,
} from './adminWaivers.generated';
import { WAIVER_TABLE, standingsOf, statusVariables, type StandingFilter } from './AdminWaiversPage.preload';
import { useRemindMissingWaivers } from './useRemindMissingWaivers';

type Row = AdminWaiverStatusRowFragment;

export const STANDING_LABELS: Record<WaiverStanding, string> = {
  CURRENT: 'Signed current',
  OUTDATED: 'Signed older version',
  NEVER: 'Never signed',
};
const STANDING_COLORS = { CURRENT: 'success', OUTDATED: 'warning', NEVER: 'default' } as const;
const FILTER_OPTIONS: [StandingFilter, string][] = [
  ['CURRENT', STANDING_LABELS.CURRENT],
  ['OUTDATED', STANDING_LABELS.OUTDATED],
  ['NEVER', STANDING_LABELS.NEVER],
  ['MISSING', 'Still to sign'],
];

export function StandingChip({ standing }: { standing: WaiverStanding }) {
  return (
    <Chip
      size="small"
      variant={standing === 'CURRENT' ? 'filled' : 'outlined'}
      color={STANDING_COLORS[standing]}
      label={STANDING_LABELS[standing]}
    />
  );
}

/** "Mia Reyes · minor, signed for by Paula Reyes" and the like: who the person is and who signs for them. */
function whoLine(row: Row): string {
  if (row.contact.id !== row.person.id) {
    return `${row.person.isMinor ? 'Minor' : 'Family member'} · through ${fullName(row.contact)}${row.contact.email ? ` (${row.contact.email})` : ''}`;
  }
  return row.person.email ?? row.person.username ?? 'No email address';
}

function signedLine(row: Row): string {
  const s = row.signature;
  if (!s) return 'No signature on record';
  return `v${s.documentVersion} · ${formatTimestampDay(s.signedAt)}`;
}

/** What one signature records: whom it covers, who signed, which version, when, from where and how. */
export function SignatureRecordDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { toast } = useToast();
  const s = row.signature;
  const drawing = useQuery(AdminWaiverSignatureDrawingDocument, { variables: { id: s?.id ?? '' }, skip: !s?.hasDrawing }).data
    ?.waiverSignature.drawing;
  const items: [string, ReactNode][] = s
    ? [
        ['Person', `${fullName(row.person)}${row.person.isMinor ? ' (a minor)' : ''}`],
        ['Standing', <StandingChip key="standing" standing={row.standing} />],
        ['Document', `${s.documentId} · version ${s.documentVersion}`],
        ['Signed', `${formatTimestampDay(s.signedAt)} at ${formatTimestamp(s.signedAt)}`],
        [
          'Signed by',
          s.signedBy.id === row.person.id ? `${fullName(s.signedBy)} (themselves)` : `${fullName(s.signedBy)} (parent or guardian)`,
        ],
        ['Typed signature', s.typedName ? `“${s.typedName}”` : 'None: accepted by ticking the agreement'],
        [
          'Drawn signature',
          !s.hasDrawing ? (
            'No'
          ) : drawing ? (
            <Box
              key="drawing"
              component="img"
              src={drawing}
              alt={`Drawn signature of ${fullName(s.signedBy)}`}
              sx={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: 120,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          ) : (
            'Yes (printed on the PDF)'
          ),
        ],
        ['IP address', s.ip ?? 'Not recorded'],
        ['Device', s.userAgent ?? 'Not recorded'],
      ]
    : [
        ['Person', fullName(row.person)],
        ['Standing', <StandingChip key="standing" standing={row.standing} />],
      ];
  const download = () =>
    s &&
    void downloadSignedCopy(s.pdfUrl).catch(() =>
      toast({ title: 'Error', description: 'The PDF copy could not be downloaded. Please try again.', variant: 'error' }),
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="waiver-record-title">
      <DialogTitle id="waiver-record-title">{s ? `Signature of ${fullName(row.person)}` : fullName(row.person)}</DialogTitle>
      <DialogContent>
        {!s && <DialogContentText sx={{ mb: 2 }}>No signature on record: {whoLine(row)}.</DialogContentText>}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' }, columnGap: 2, rowGap: 0.5 }}>
          {items.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: { xs: 1, sm: 0 } }}>
                {term}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {s && (
          <Button variant="contained" startIcon={<DownloadRounded />} onClick={download}>
            Download PDF
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The reminder's outcome as one sentence for the toast. */
export function reminderSummary(r: {
  reminded: number;
  emails: number;
  alreadyReminded: number;
  withoutEmail: number;
  remaining: number;
}): string {
  const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
  const parts = [
    r.reminded ? `Reminded ${people(r.reminded)} in ${r.emails} ${r.emails === 1 ? 'email' : 'emails'}.` : 'Nobody was reminded.',
  ];
  if (r.alreadyReminded) parts.push(`${people(r.alreadyReminded)} already had a reminder today.`);
  if (r.withoutEmail) parts.push(`${people(r.withoutEmail)} ${r.withoutEmail === 1 ? 'has' : 'have'} no email address.`);
  if (r.remaining) parts.push(`${people(r.remaining)} still to remind: send again for the rest.`);
  return parts.join(' ');
}

/**
 * Everyone and where they stand with the current version, in a server-paged table (search, standing filter, counts);
 * a row opens its signature record; "Remind N missing" emails those the filters match who still have to sign.
 */
export function WaiverSignaturesTab({ currentVersion }: { currentVersion: number | undefined }) {
  const { toast } = useToast();
  // A link from the dashboard may open the table filtered (?standing=MISSING).
  const [search] = useSearchParams();
  const table = useServerTable(withFiltersFrom(WAIVER_TABLE, search));
  const { setFilter } = table;
  const f = table.state.filters;
  const { data, previousData, loading, error, refetch } = useQuery(AdminWaiverStatusesDocument, {
    variables: statusVariables(table.variables),
  });
  const page = (data ?? previousData)?.waiverStatuses;
  const onSearch = useCallback((v: string) => setFilter('search', v), [setFilter]);
  const [open, setOpen] = useState<Row | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remind, reminding] = useRemindMissingWaivers();

  // Those the reminder reaches: the search's people still to sign, within the standing filter.
  const standings = standingsOf(f.standing);
  const counts = page?.counts;
  const missing = counts
    ? (standings ?? ['OUTDATED', 'NEVER']).reduce((n, s) => n + (s === 'OUTDATED' ? counts.outdated : s === 'NEVER' ? counts.never : 0), 0)
    : 0;

  const sendReminders = async () => {
    try {
      const { data: answer } = await remind({ variables: { search: f.search.trim() || undefined, standings } });
      if (answer) toast({ title: 'Reminders', description: reminderSummary(answer.remindMissingWaivers), variant: 'success' });
      setConfirming(false);
    } catch (e) {
      toast({ title: 'That did not work', description: errorMessage(e), variant: 'error' });
    }
  };

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'person',
        headerName: 'Person',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {fullName(row.person)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {whoLine(row)}
            </Typography>
          </Box>
        ),
      },
      { field: 'standing', headerName: 'Standing', width: 190, renderCell: ({ row }) => <StandingChip standing={row.standing} /> },
      {
        field: 'version',
        headerName: 'Version',
        width: 90,
        valueGetter: (_v, row) => (row.signature ? `v${row.signature.documentVersion}` : '—'),
      },
      {
        field: 'signedAt',
        headerName: 'Signed',
        width: 130,
        valueGetter: (_v, row) => row.signature?.signedAt ?? null,
        valueFormatter: (v: string | null) => (v ? formatTimestampDay(v) : '—'),
      },
      {
        field: 'signedBy',
        headerName: 'Signed by',
        width: 190,
        valueGetter: (_v, row) =>
          row.signature ? (row.signature.signedBy.id === row.person.id ? 'Themselves' : fullName(row.signature.signedBy)) : '',
      },
    ],
    [],
  );

  const standingCard = (key: StandingFilter, label: string, n: number | undefined, color?: string) => {
    const active = f.standing === key;
    return (
      <Card key={key} variant="outlined" sx={{ borderColor: active ? 'primary.main' : 'divider' }}>
        <CardActionArea
          aria-pressed={active}
          onClick={() => setFilter('standing', active ? null : key)}
          sx={{ px: 2, py: 1.25, height: '100%' }}
        >
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 'fontWeightBold', fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums', color }}>
            {n === undefined ? '—' : n.toLocaleString('en-US')}
          </Typography>
        </CardActionArea>
      </Card>
    );
  };

  return (
    <Box>
      <Box
        role="group"
        aria-label="People in each standing (select one to filter)"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}
      >
        {standingCard('CURRENT', STANDING_LABELS.CURRENT, counts?.current, 'success.main')}
        {standingCard('OUTDATED', STANDING_LABELS.OUTDATED, counts?.outdated, 'warning.main')}
        {standingCard('NEVER', STANDING_LABELS.NEVER, counts?.never)}
        {standingCard('MISSING', 'Still to sign', counts?.missing, 'error.main')}
      </Box>
      <DataTable
        label="Waiver signatures"
        noun={['person', 'people']}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        table={table}
        columns={columns}
        rowHeight={60}
        onRowClick={setOpen}
        emptyText="Nobody matches these filters."
        search={<TableSearchField label="Search people" value={f.search} onChange={onSearch} placeholder="Name, username or email" />}
        activeFilters={f.standing ? 1 : 0}
        filters={
          <TableFilterSelect
            label="Standing"
            value={f.standing ?? ''}
            onChange={(v) => setFilter('standing', (v || null) as StandingFilter | null)}
            options={FILTER_OPTIONS}
            width={200}
          />
        }
        actions={
          <Button variant="contained" startIcon={<ForwardToInboxRounded />} disabled={!missing} onClick={() => setConfirming(true)}>
            Remind {missing.toLocaleString('en-US')} missing
          </Button>
        }
        renderCard={(row) => (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{fullName(row.person)}</Typography>
              <StandingChip standing={row.standing} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {whoLine(row)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {signedLine(row)}
            </Typography>
          </Box>
        )}
      />
      {open && <SignatureRecordDialog row={open} onClose={() => setOpen(null)} />}
      {confirming && (
        <FormDialog
          title={`Remind ${missing.toLocaleString('en-US')} ${missing === 1 ? 'person' : 'people'}?`}
          onClose={() => setConfirming(false)}
          onSubmit={(e) => {
            e.preventDefault();
            void sendReminders();
          }}
          busy={reminding.loading}
          busyLabel="Sending…"
          submitLabel="Send reminders"
          closeLabel="Cancel"
          maxWidth="xs"
        >
          <DialogContentText>
            Everyone {f.search.trim() ? `matching “${f.search.trim()}” ` : ''}who has not signed
            {currentVersion ? ` version ${currentVersion}` : ' the current version'} gets an email with a link to the waiver page; parents
            get one for their family. Nobody is reminded twice on the same day.
          </DialogContentText>
        </FormDialog>
      )}
    </Box>
  );
}
