import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { AdminDashboardQuery } from './dashboard.generated';
import { CATEGORY_LABELS, dollars, money, percent } from './dashboardFormat';

type Figures = AdminDashboardQuery['dashboard'];

function Empty({ children }: { children: string }) {
  return (
    <Box sx={{ height: 200, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

/** Class types the bookings chart shows at most (the most booked). */
const MOST_BOOKED = 10;

/** Bookings per class type, this period beside the one before (the most booked). */
export function BookingsByTypeChart({ figures, previousLabel }: { figures: Figures; previousLabel: string }) {
  const theme = useTheme();
  const groups = figures.bookings.byClassType.slice(0, MOST_BOOKED);
  if (groups.length === 0) return <Empty>No classes in this period.</Empty>;
  return (
    <Box role="figure" aria-label={`Bookings by class type: ${groups.map((g) => `${g.label} ${g.booked}`).join(', ')}`}>
      <BarChart
        height={Math.max(200, groups.length * 44 + 60)}
        layout="horizontal"
        margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
        yAxis={[{ scaleType: 'band', data: groups.map((g) => g.label), width: 120 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[
          { data: groups.map((g) => g.booked), label: 'This period', color: theme.palette.primary.main },
          { data: groups.map((g) => g.previousBooked), label: previousLabel, color: theme.palette.grey[400] },
        ]}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}

/** How full the classes starting in each hour of the day were. */
export function FillByHourChart({ figures }: { figures: Figures }) {
  const theme = useTheme();
  const hours = figures.bookings.byHour;
  if (hours.length === 0) return <Empty>No classes in this period.</Empty>;
  return (
    <Box role="figure" aria-label={`Fill rate by start time: ${hours.map((h) => `${h.label} ${percent(h.fillRate)}`).join(', ')}`}>
      <BarChart
        height={240}
        margin={{ left: 0, right: 8, top: 8, bottom: 4 }}
        xAxis={[{ scaleType: 'band', data: hours.map((h) => h.label) }]}
        yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => percent(v), width: 44 }]}
        series={[
          {
            data: hours.map((h) => h.fillRate),
            label: 'Fill rate',
            valueFormatter: (v) => percent(v ?? 0),
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
      />
    </Box>
  );
}

/** Where the money came from: each category's share, with its amount. */
export function RevenueMixChart({ figures }: { figures: Figures }) {
  const theme = useTheme();
  const shares = figures.revenue.byCategory.filter((c) => c.cents > 0);
  if (shares.length === 0) return <Empty>No money received in this period.</Empty>;
  // The studio's colour first, then hues far from it and from each other (brand and secondary colours may be close).
  const palette = [theme.palette.primary.main, '#0e9f8e', '#f2a33a', '#3b82f6', '#e5487d', '#8d99ae'];
  return (
    <Box
      role="figure"
      aria-label={`Revenue by category: ${shares.map((s) => `${CATEGORY_LABELS[s.category]} ${money(s.cents)}`).join(', ')}`}
    >
      <PieChart
        height={220}
        series={[
          {
            innerRadius: 56,
            paddingAngle: 1,
            cornerRadius: 4,
            data: shares.map((s, i) => ({
              id: s.category,
              value: s.cents,
              label: CATEGORY_LABELS[s.category],
              color: palette[i % palette.length],
            })),
            valueFormatter: ({ value }) => dollars(value),
          },
        ]}
        slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
      />
    </Box>
  );
}
