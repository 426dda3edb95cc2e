import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { downloadFailure, downloadWithToken } from '../../../app/download';
import { errorMessage } from '../../../app/errors';
import { PageFrame } from '../../../components/PageFrame';
import { ImportPeople } from './ImportPeople';
import { ExportTablesDocument, type ExportTablesQuery } from './importExport.generated';

type ExportTable = ExportTablesQuery['exportTables'][number];

/** /admin/import-export: every table of the studio's data as CSV (for a spreadsheet) or JSON (for another system). */
export default function ImportExportPage() {
  const { data, error } = useQuery(ExportTablesDocument);
  return (
    <PageFrame
      title="Import & Export"
      subtitle="Take the studio's data with you, every table as CSV or JSON; bring people in from another system, checked first and undoable."
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Export
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {!data ? (
        !error && <Skeleton variant="rounded" height={240} />
      ) : (
        <Box
          component="ul"
          aria-label="Tables to export"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {data.exportTables.map((table) => (
            <ExportCard key={table.name} table={table} />
          ))}
        </Box>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1.5 }}>
        Import
      </Typography>
      <ImportPeople />
    </PageFrame>
  );
}

function ExportCard({ table }: { table: ExportTable }) {
  const [progress, setProgress] = useState<{ format: string; fraction: number | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: 'csv' | 'json') => {
    setFailure(null);
    setProgress({ format, fraction: 0 });
    try {
      await downloadWithToken(`/api/export/${table.name}.${format}`, `${table.name}.${format}`, {
        onProgress: (read, rows) => setProgress({ format, fraction: rows ? Math.min(1, read / rows) : null }),
      });
    } catch (err) {
      setFailure(downloadFailure(err));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'fontWeightBold' }}>
        {table.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {table.description}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {table.columns.length} columns: {table.columns.join(', ')}
      </Typography>
      {progress && (
        <LinearProgress
          variant={progress.fraction === null ? 'indeterminate' : 'determinate'}
          value={(progress.fraction ?? 0) * 100}
          aria-label={`Downloading ${table.title} as ${progress.format.toUpperCase()}`}
        />
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {(['csv', 'json'] as const).map((format) => (
          <Button
            key={format}
            size="small"
            variant="outlined"
            startIcon={<DownloadRounded />}
            disabled={progress !== null}
            onClick={() => void download(format)}
            aria-label={`Download ${table.title} as ${format.toUpperCase()}`}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </Box>
    </Card>
  );
}
