import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_PERSON_FIELD_LABELS } from '@studio/rules';
import { useEffect, useState } from 'react';
import { downloadFailure, downloadWithToken } from '../../../app/download';
import { errorCode, errorMessage } from '../../../app/errors';
import { FileRefused, putFile } from '../../../app/putFile';
import { FileButton } from '../../../components/FileButton';
import type { ImportField } from '../../../graphql/types';
import {
  CancelImportDocument,
  ImportBatchDocument,
  ImportBatchesDocument,
  ImportProgressDocument,
  ImportSourcesDocument,
  SetImportMappingDocument,
  StartImportDocument,
  UndoImportDocument,
  type ImportBatchFieldsFragment,
} from './importExport.generated';

type Batch = ImportBatchFieldsFragment;
const FIELDS = Object.keys(IMPORT_PERSON_FIELD_LABELS) as ImportField[];
const RUNNING = ['queued', 'checking', 'importing'];
/** Columns a phone leaves out. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const STATE_LABELS: Record<string, string> = {
  uploaded: 'Not checked yet',
  queued: 'Waiting',
  checking: 'Checking',
  checked: 'Checked',
  importing: 'Importing',
  imported: 'Imported',
  cancelled: 'Cancelled',
  failed: 'Stopped',
  undone: 'Undone',
};

/**
 * Import people from another system: upload a CSV, choose its columns, check it (a dry run), import it as a job with
 * live progress, and undo it. The open import is kept in the address (?import=<id>), so a reload comes back to it.
 */
export function ImportPeople() {
  const [openId, setOpenId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('import'));
  const open = (id: string | null) => {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('import', id);
    else url.searchParams.delete('import');
    window.history.replaceState(window.history.state, '', url);
    setOpenId(id);
  };
  const history = useQuery(ImportBatchesDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <UploadCard onUploaded={(id) => open(id)} />
      {openId && <BatchCard id={openId} onClose={() => open(null)} onChanged={() => void history.refetch()} />}
      {!!history.data?.importBatches.length && (
        <Card variant="outlined">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'fontWeightBold', px: 2, pt: 1.5 }}>
            Recent imports
          </Typography>
          <TableContainer tabIndex={0} role="region" aria-label="Recent imports (scrolls)">
            <Table size="small" aria-label="Recent imports">
              <TableHead>
                <TableRow>
                  <TableCell>File</TableCell>
                  <TableCell sx={WIDE_ONLY}>From</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell align="right">Rows</TableCell>
                  <TableCell sx={WIDE_ONLY}>When</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.importBatches.map((b) => (
                  <TableRow key={b.id} selected={b.id === openId}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{b.filename}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{b.sourceLabel}</TableCell>
                    <TableCell>{STATE_LABELS[b.state] ?? b.state}</TableCell>
                    <TableCell align="right">{b.rowCount.toLocaleString()}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{new Date(b.createdAt).toLocaleString()}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => open(b.id)} aria-label={`Open the import of ${b.filename}`}>
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
    </Box>
  );
}

function UploadCard({ onUploaded }: { onUploaded(id: string): void }) {
  const { data } = useQuery(ImportSourcesDocument);
  const [source, setSource] = useState('studio');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    try {
      const batch = await putFile<{ id: string }>(
        `/api/imports/people?source=${encodeURIComponent(source)}&filename=${encodeURIComponent(file.name)}`,
        file,
        'The file could not be read.',
      );
      onUploaded(batch.id);
    } catch (err) {
      setFailure(err instanceof FileRefused ? err.message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'fontWeightBold' }}>
        Import people
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A CSV of members with their families (people who share an email become one family). Nothing is stored until you have checked the
        file and chosen to import it, and an import can be undone.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="The file comes from"
          value={source}
          onChange={(e) => setSource(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          {(data?.importSources ?? [{ name: 'studio', label: 'This app’s people export' }]).map((s) => (
            <MenuItem key={s.name} value={s.name}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <FileButton
          variant="contained"
          startIcon={<UploadFileRounded />}
          disabled={busy}
          accept=".csv,text/csv"
          inputLabel="CSV file to import"
          onFiles={([file]) => void upload(file)}
        >
          Choose a CSV file
        </FileButton>
      </Box>
      {busy && <LinearProgress aria-label="Uploading the file" />}
      {failure && <Alert severity="error">{failure}</Alert>}
    </Card>
  );
}

function BatchCard({ id, onClose, onChanged }: { id: string; onClose(): void; onChanged(): void }) {
  const { data, error } = useQuery(ImportBatchDocument, { variables: { id } });
  // Every step of a run arrives here and replaces the batch in the cache.
  useSubscription(ImportProgressDocument, { variables: { id } });
  const batch = data?.importBatch;
  const state = batch?.state;
  useEffect(() => {
    if (state && !RUNNING.includes(state)) onChanged();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps -- the history reloads when a run ends
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!batch) return <LinearProgress aria-label="Loading the import" />;
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} aria-label={`Import of ${batch.filename}`}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>
          {batch.filename}
        </Typography>
        <Chip size="small" label={STATE_LABELS[batch.state] ?? batch.state} color={batch.state === 'imported' ? 'success' : 'default'} />
        <Typography variant="body2" color="text.secondary">
          {batch.rowCount.toLocaleString()} rows · {batch.sourceLabel}
        </Typography>
        <Button size="small" sx={{ ml: 'auto' }} onClick={onClose}>
          Close
        </Button>
      </Box>
      {RUNNING.includes(batch.state) ? (
        <Running batch={batch} />
      ) : (
        <>
          {['uploaded', 'checked', 'cancelled', 'failed'].includes(batch.state) && <Mapping batch={batch} />}
          {batch.failure && <Alert severity={batch.state === 'failed' ? 'error' : 'warning'}>{batch.failure}</Alert>}
          {batch.state === 'cancelled' && <Alert severity="info">Cancelled: nothing of this run was stored.</Alert>}
          {batch.reported && <Report batch={batch} />}
          {(batch.state === 'imported' || batch.state === 'undone') && <Undo batch={batch} />}
        </>
      )}
    </Card>
  );
}

function Running({ batch }: { batch: Batch }) {
  const [cancel, { loading, error }] = useMutation(CancelImportDocument);
  const fraction = batch.rowCount ? batch.processed / batch.rowCount : 0;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" role="status">
        {batch.state === 'queued' ? 'Waiting to start…' : `${batch.state === 'checking' ? 'Checking' : 'Importing'}: `}
        {batch.state !== 'queued' && `${batch.processed.toLocaleString()} of ${batch.rowCount.toLocaleString()} rows`}
        {batch.attempts > 1 && ` (started again after a stop, try ${batch.attempts})`}
      </Typography>
      <LinearProgress variant="determinate" value={fraction * 100} aria-label="Import progress" />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Box>
        <Button
          variant="outlined"
          color="inherit"
          disabled={loading}
          onClick={() => void cancel({ variables: { id: batch.id } }).catch(() => undefined)}
        >
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

function Mapping({ batch }: { batch: Batch }) {
  const [columns, setColumns] = useState<Partial<Record<ImportField, number>>>(() =>
    Object.fromEntries(batch.mapping.map((m) => [m.field, m.column])),
  );
  const [skip, setSkip] = useState(batch.skipFailingRows);
  const [setMapping] = useMutation(SetImportMappingDocument);
  const [start] = useMutation(StartImportDocument);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = Object.entries(columns).filter(([, c]) => c !== undefined && c >= 0);
  const changed = chosen.length !== batch.mapping.length || chosen.some(([f, c]) => batch.mapping.find((m) => m.field === f)?.column !== c);
  const checkedAsIs = batch.state === 'checked' && !changed;
  const go = async (dryRun: boolean) => {
    setFailure(null);
    setBusy(true);
    try {
      if (changed || batch.state !== 'checked')
        await setMapping({
          variables: { id: batch.id, mapping: chosen.map(([field, column]) => ({ field: field as ImportField, column: column! })) },
        });
      await start({ variables: { id: batch.id, dryRun, skipFailingRows: skip } });
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const sampleOf = (column: number | undefined) =>
    column === undefined
      ? ''
      : batch.sample
          .map((row) => row[column] ?? '')
          .filter(Boolean)
          .slice(0, 2)
          .join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Each field takes one column of the file (chosen by its header; your choice is remembered for the next file like it).
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            label={IMPORT_PERSON_FIELD_LABELS[field]}
            value={columns[field] ?? -1}
            onChange={(e) => setColumns((c) => ({ ...c, [field]: Number(e.target.value) < 0 ? undefined : Number(e.target.value) }))}
            helperText={sampleOf(columns[field]) || ' '}
            required={field === 'firstName' || field === 'lastName'}
          >
            <MenuItem value={-1}>
              <em>Not imported</em>
            </MenuItem>
            {batch.headers.map((header, i) => (
              <MenuItem key={i} value={i}>
                {header || `Column ${i + 1}`}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant={checkedAsIs ? 'outlined' : 'contained'} disabled={busy} onClick={() => void go(true)}>
          {batch.state === 'checked' ? 'Check again' : 'Check the file'}
        </Button>
        {checkedAsIs && (
          <>
            {batch.problemCount > 0 && (
              <FormControlLabel
                control={<Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} />}
                label={`Import the good rows only (skip ${batch.problemCount})`}
              />
            )}
            <Button variant="contained" disabled={busy || (batch.problemCount > 0 && !skip)} onClick={() => void go(false)}>
              Import {(batch.created + batch.updated).toLocaleString()} {batch.created + batch.updated === 1 ? 'person' : 'people'}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}

function Report({ batch }: { batch: Batch }) {
  const [failure, setFailure] = useState<string | null>(null);
  const imported = batch.state === 'imported' || batch.state === 'undone';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={imported ? 'What the import did' : 'What the import will do'}>
        <Chip color="primary" variant="outlined" label={`${batch.created.toLocaleString()} new`} />
        <Chip color="primary" variant="outlined" label={`${batch.updated.toLocaleString()} updated`} />
        <Chip variant="outlined" label={`${batch.skipped.toLocaleString()} skipped`} />
      </Box>
      {batch.problemCount > 0 && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="h4">
              {batch.problemCount.toLocaleString()} {batch.problemCount === 1 ? 'row has a problem' : 'rows have problems'}
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadRounded />}
              onClick={() =>
                void downloadWithToken(`/api/imports/${batch.id}/problems.csv`, 'rows-to-fix.csv').catch((err) =>
                  setFailure(downloadFailure(err)),
                )
              }
            >
              Rows to fix (CSV)
            </Button>
          </Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          <RowsTable
            label="Rows with problems"
            head={['Line', 'Field', 'Problem']}
            rows={batch.problems.map((p) => [String(p.line), p.field ? IMPORT_PERSON_FIELD_LABELS[p.field] : '', p.message])}
          />
        </>
      )}
      {batch.skips.length > 0 && (
        <RowsTable
          label="Rows kept as they are"
          head={['Line', 'Why']}
          rows={batch.skips.slice(0, 20).map((s) => [String(s.line), s.message])}
        />
      )}
      {batch.preview.length > 0 && !imported && (
        <>
          <Typography variant="subtitle2" component="h4">
            The first rows as they will be stored
          </Typography>
          <RowsTable
            label="Preview"
            head={['Line', 'Action', 'Name', 'Email', 'Birthday', 'Role', 'Family of', 'Note']}
            rows={batch.preview.map((p) => [
              String(p.line),
              p.action === 'create' ? 'New' : 'Update',
              `${p.firstName} ${p.lastName}`,
              p.email ?? '',
              p.birthday,
              p.active ? p.role : `${p.role} (deactivated)`,
              p.familyOf ?? '',
              p.note,
            ])}
          />
        </>
      )}
    </Box>
  );
}

function RowsTable({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  return (
    // Scrolls on its own (long reports, narrow screens): reachable by keyboard.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrolls)`}
      sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((cell, j) => (
                <TableCell key={j} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Undo({ batch }: { batch: Batch }) {
  const [undo, { loading }] = useMutation(UndoImportDocument);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const run = async (keepChanged: boolean) => {
    setRefusal(null);
    try {
      const { data } = await undo({ variables: { id: batch.id, keepChanged } });
      const kept = data?.undoImport.kept.length ?? 0;
      setOutcome(`${data?.undoImport.undone ?? 0} records undone${kept ? `; ${kept} kept as they are` : ''}.`);
    } catch (err) {
      if (errorCode(err) === 'CONFLICT') setRefusal(errorMessage(err));
      else setOutcome(errorMessage(err));
    }
  };
  if (batch.state === 'undone')
    return (
      <Alert severity="info">
        Undone on {new Date(batch.undoneAt!).toLocaleString()}.{outcome && ` ${outcome}`}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="success">
        Imported {new Date(batch.finishedAt ?? batch.createdAt).toLocaleString()} by {batch.createdByName}.
      </Alert>
      {outcome && <Alert severity="info">{outcome}</Alert>}
      {refusal && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" disabled={loading} onClick={() => void run(true)}>
              Undo the rest
            </Button>
          }
        >
          {refusal}
        </Alert>
      )}
      <Box>
        <Button variant="outlined" color="error" disabled={loading} onClick={() => void run(false)}>
          Undo this import
        </Button>
      </Box>
    </Box>
  );
}
