import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { formatTimestampDay, formatTimestampShortDay } from '../../app/dates';

const WEEK = 7 * 24 * 3_600_000;

export interface ProgressPoint {
  at: string;
  signedOff: number;
  level: number;
}

/**
 * A student's progress on one apparatus over time: the moves signed off and the level reached, as steps at each
 * sign-off or placement, carried on to today.
 */
export default function MovesProgressChart({ apparatusName, points }: { apparatusName: string; points: readonly ProgressPoint[] }) {
  const last = points[points.length - 1];
  // Carried on to today, so a single sign-off still draws a line and the chart ends where the student stands now.
  const [now] = useState(() => Date.now());
  const series = [...points, { ...last, at: new Date(now).toISOString() }];
  const dates = series.map((p) => new Date(p.at));
  // At least the past week, so progress made in one day still reads as days on the axis.
  const from = new Date(Math.min(dates[0].getTime(), now - WEEK));
  const topLevel = Math.max(1, ...series.map((p) => p.level));
  return (
    <Box role="figure" aria-label={`${apparatusName} progress: ${last.signedOff} moves signed off, level ${last.level}`}>
      <LineChart
        height={240}
        margin={{ left: 0, right: 0, top: 16, bottom: 0 }}
        xAxis={[{ data: dates, scaleType: 'time', min: from, max: new Date(now), valueFormatter: formatTimestampShortDay, tickNumber: 4 }]}
        yAxis={[
          { id: 'moves', label: 'Moves', tickMinStep: 1, min: 0, width: 44 },
          { id: 'level', label: 'Level', position: 'right', tickMinStep: 1, min: 0, max: topLevel, width: 44 },
        ]}
        series={[
          { data: series.map((p) => p.signedOff), label: 'Moves signed off', curve: 'stepAfter', yAxisId: 'moves', showMark: false },
          { data: series.map((p) => p.level), label: 'Level', curve: 'stepAfter', yAxisId: 'level', showMark: false },
        ]}
      />
      <Typography variant="caption" color="text.secondary">
        Since {formatTimestampDay(points[0].at)}
      </Typography>
    </Box>
  );
}
