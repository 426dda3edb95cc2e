import DownloadRounded from '@mui/icons-material/DownloadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../app/errors';
import { problemsOf } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FileButton } from '../../../components/FileButton';
import type { CsvImportReportPartsFragment } from './adminMoves.generated';
import { CSV_IMPORTS, csvForm, type CsvImportKind } from './moveRules';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 to add, 1 to change, 3 unchanged, 1 refused" (a dry run) or "2 added, …" (done). */
export function reportLine(r: CsvImportReportPartsFragment): string {
  const refused = new Set(r.problems.map((p) => p.line)).size;
  return [
    `${r.created} ${r.dryRun ? 'to add' : 'added'}`,
    `${r.updated} ${r.dryRun ? 'to change' : 'changed'}`,
    `${r.unchanged} unchanged`,
    `${count(refused, 'row', 'rows')} refused`,
  ].join(', ');
}

interface ReportRow {
  line: number;
  text: string;
  tag: string;
  color: 'success' | 'primary' | 'error';
}

/** One list of the report: each row's line in the file, a tag (Add, Change, Refused) and what it says. */
function ReportRows({ label, rows }: { label: string; rows: ReportRow[] }) {
  if (!rows.length) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
      {rows.map((r, i) => (
        <Box component="li" key={`${r.line}-${i}`} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Chip size="small" color={r.color} variant="outlined" label={r.tag} sx={{ minWidth: 72, flexShrink: 0 }} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Line {r.line}:
            </Box>{' '}
            {r.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ReportView({ report }: { report: CsvImportReportPartsFragment }) {
  return (
    <Box role="region" aria-label={report.dryRun ? 'Dry run report' : 'Import report'} sx={{ display: 'grid', gap: 1 }}>
      <Alert severity={report.problems.length ? 'warning' : 'success'}>
        {report.dryRun ? 'Dry run, nothing saved yet: ' : 'Imported: '}
        {reportLine(report)}.
      </Alert>
      <ReportRows
        label="Changes"
        rows={report.changes.map((c) => ({
          line: c.line,
          text: c.summary,
          ...(c.outcome === 'created' ? { tag: 'Add', color: 'success' as const } : { tag: 'Change', color: 'primary' as const }),
        }))}
      />
      <ReportRows
        label="Refused rows"
        rows={report.problems.map((p) => ({ line: p.line, text: p.message, tag: 'Refused', color: 'error' as const }))}
      />
    </Box>
  );
}

/**
 * One CSV import: the columns it expects and a sample file, a file to choose or text to paste, a dry run that says
 * row by row what would be added, changed or refused, and then Import, which applies the rows without problems.
 */
export function CsvImportCard({
  kind,
  run,
}: {
  kind: CsvImportKind;
  /** Sends the CSV (a dry run or for real) and answers the report. */
  run: (csv: string, dryRun: boolean) => Promise<CsvImportReportPartsFragment | undefined>;
}) {
  const spec = CSV_IMPORTS[kind];
  const { toast } = useToast();
  const headingId = useId();
  const [csv, setCsv] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<CsvImportReportPartsFragment | null>(null);
  const [busy, setBusy] = useState(false);
  // Import applies exactly the text the dry run checked.
  const [checked, setChecked] = useState<string | null>(null);

  const change = (text: string) => {
    setCsv(text);
    setProblem(null);
    if (text !== checked) setReport(null);
  };
  const send = async (dryRun: boolean) => {
    const local = problemsOf(csvForm, { csv }).csv;
    if (local) return setProblem(local);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await run(csv, dryRun);
      if (answer) {
        setReport(answer);
        setChecked(dryRun ? csv : null);
        if (!dryRun) toast({ title: 'Import done', description: `${reportLine(answer)}.`, variant: 'success' });
      }
    } catch (err) {
      setProblem(fieldErrorsOf(err).csv ? `${errorMessage(err)} ${fieldErrorsOf(err).csv}` : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2, alignContent: 'start' }}>
      <Box>
        <Typography id={headingId} component="h2" variant="h6">
          {spec.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {spec.line}
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Expected columns
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
          {spec.columns.map(([column, meaning]) => (
            <Box key={column} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
                {column}
              </Box>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {meaning}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(spec.sample)}`}
          download={spec.sampleName}
        >
          Sample CSV
        </Button>
        <FileButton
          variant="outlined"
          startIcon={<UploadFileRounded />}
          accept=".csv,text/csv"
          inputLabel={`${spec.title}: CSV file`}
          onFiles={([file]) => void file.text().then(change)}
        >
          Choose file
        </FileButton>
      </Box>
      <TextField
        label="CSV"
        multiline
        minRows={4}
        maxRows={12}
        value={csv}
        onChange={(e) => change(e.target.value)}
        placeholder={spec.sample.split('\n')[0]}
        error={Boolean(problem)}
        helperText={problem ?? 'Choose a file or paste its text, header row first.'}
        slotProps={{ htmlInput: { spellCheck: false, 'aria-label': `${spec.title}: CSV text`, style: { fontFamily: 'monospace' } } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant={report?.dryRun ? 'outlined' : 'contained'} disabled={busy} onClick={() => void send(true)}>
          {busy && !report ? 'Checking…' : 'Dry run'}
        </Button>
        <Button variant="contained" disabled={busy || !report?.dryRun || checked !== csv} onClick={() => void send(false)}>
          {spec.importLabel}
        </Button>
      </Box>
      {report && <ReportView report={report} />}
      {report?.dryRun && report.problems.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Import leaves the refused rows out; fix them and import the file again for those.
        </Typography>
      )}
    </Card>
  );
}
