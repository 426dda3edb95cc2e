import { useQuery } from '@apollo/client/react';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AttendanceHistoryDocument } from './attendance.generated';
import { EmptyState } from '../EmptyState';
import { SOURCE_LABELS, attendanceChip } from './rosterRules';
import { formatDateWithYear, formatTimeRange, formatTimestamp } from '../../app/dates';
import { LoadErrorAlert } from '../LoadErrorAlert';

export const HISTORY_PAGE_SIZE = 10;

/** One person's classes, newest first, paged on the server: what happened at each (checked in, no-show, …). */
export function AttendanceHistory({ userId, name }: { userId: string; name: string }) {
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(AttendanceHistoryDocument, {
    variables: { userId, page, pageSize: HISTORY_PAGE_SIZE },
  });
  const history = (data ?? previousData)?.attendanceHistory;
  const pages = history ? Math.max(1, Math.ceil(history.total / HISTORY_PAGE_SIZE)) : 1;

  if (error) {
    return <LoadErrorAlert error={error} fallback="The history could not be loaded." onRetry={() => void refetch()} />;
  }
  if (!history) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Box>
    );
  }
  if (history.total === 0) {
    return (
      <EmptyState dense icon={<HistoryRounded />} title="No classes yet">
        {name} has not booked any class.
      </EmptyState>
    );
  }
  return (
    <Box aria-busy={loading}>
      <Box
        component="ol"
        aria-label={`Class history of ${name}`}
        sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: '12px', opacity: loading ? 0.6 : 1 }}
      >
        {history.items.map((b) => {
          const chip = attendanceChip(b.attendance);
          const k = b.classInstance;
          return (
            <Box
              component="li"
              key={b.id}
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                justifyContent: 'space-between',
                px: 2,
                py: 1.25,
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold' }}>{k.blueprint.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateWithYear(k.date)} · {formatTimeRange(k.startTime, k.endTime)} · {k.instructor.name}
                </Typography>
                {(b.source !== 'member' || k.status === 'cancelled') && (
                  <Typography variant="caption" color="text.secondary">
                    {[b.source !== 'member' ? SOURCE_LABELS[b.source] : null, k.status === 'cancelled' ? 'class cancelled' : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                )}
              </Box>
              <Chip
                size="small"
                color={chip.color}
                variant={b.checkedInAt || b.status === 'no_show' ? 'filled' : 'outlined'}
                label={b.checkedInAt ? `${chip.label} ${formatTimestamp(b.checkedInAt)}` : chip.label}
                sx={{ flexShrink: 0 }}
              />
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {history.total} {history.total === 1 ? 'class' : 'classes'}
        </Typography>
        {pages > 1 && (
          <Pagination
            size="small"
            count={pages}
            page={page}
            onChange={(_, p) => setPage(p)}
            color="primary"
            aria-label={`Pages of ${name}'s history`}
          />
        )}
      </Box>
    </Box>
  );
}
