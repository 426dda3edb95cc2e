import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { downloadFailure, downloadWithToken } from '../../app/download';

/** /profile: everything the studio holds about the member and their family, as one JSON file. */
export function MyDataSection() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadWithToken('/api/export/my-data.json', 'my-studio-data.json');
    } catch (err) {
      setFailure(downloadFailure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="outlined" startIcon={<DownloadRounded />} disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download my data'}
      </Button>
    </Box>
  );
}
