import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { errorMessage } from '../../../app/errors';

/** A small list as a table on wide screens and as cards on a phone. */
export function ListTable<T extends { id: string }>({
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

/** Loading, a refusal with a retry, or the empty line of a small list. */
export function ListState({
  loading,
  error,
  onRetry,
  empty,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string | null;
}) {
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

/** An activate/deactivate switch with its label. */
export function ActiveSwitch({ checked, label, onChange }: { checked: boolean; label: string; onChange: (next: boolean) => void }) {
  return (
    <Switch size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-label': label } }} />
  );
}
