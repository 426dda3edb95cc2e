import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDay, formatTimeRange } from '../app/dates';

/** Grid cell: the class's day in bold, its time range below. */
export function ClassWhenCell({ date, startTime, endTime }: { date: string; startTime: string; endTime: string }) {
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      <Typography variant="body2" sx={{ fontWeight: 'fontWeightBold' }}>
        {formatDay(date)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatTimeRange(startTime, endTime)}
      </Typography>
    </Box>
  );
}

/** Grid cell: the class name (struck through when cancelled) with a detail line below. */
export function ClassTitleCell({ name, cancelled, detail }: { name: string; cancelled: boolean; detail: ReactNode }) {
  return (
    <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold', textDecoration: cancelled ? 'line-through' : 'none' }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="p">
        {detail}
      </Typography>
    </Box>
  );
}
