import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ClassCard, type ScheduleClass } from './ClassCard';
import { apparatusColor, spotsColors, spotsInfo } from './classLabels';
import { visuallyHidden } from '../ui';
import { daysBetween, formatDay, formatLongDay, formatTime, formatWeekdayShort, relativeDay, visibleRange } from '../../app/dates';

export function groupByDate(classes: readonly ScheduleClass[]): Map<string, ScheduleClass[]> {
  const byDate = new Map<string, ScheduleClass[]>();
  for (const c of [...classes].sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime))) {
    byDate.set(c.date, [...(byDate.get(c.date) ?? []), c]);
  }
  return byDate;
}

function DayNumber({ iso, today, muted = false }: { iso: string; today: string; muted?: boolean }) {
  const isToday = iso === today;
  return (
    <Box
      component="span"
      aria-current={isToday ? 'date' : undefined}
      sx={{
        display: 'inline-grid',
        placeItems: 'center',
        minWidth: 30,
        height: 30,
        px: 0.5,
        borderRadius: 99,
        fontSize: 15,
        bgcolor: isToday ? 'primary.main' : 'transparent',
        color: isToday ? 'primary.contrastText' : muted ? 'text.secondary' : 'text.primary',
        fontWeight: muted ? 'fontWeightSemiBold' : 'fontWeightExtraBold',
      }}
    >
      {Number(iso.slice(8, 10))}
    </Box>
  );
}

/** Seven columns on wide screens. */
export function WeekGrid({
  anchor,
  classes,
  today,
  onOpen,
}: {
  anchor: string;
  classes: readonly ScheduleClass[];
  today: string;
  onOpen: (c: ScheduleClass) => void;
}) {
  const { from, to } = visibleRange('week', anchor);
  const byDate = groupByDate(classes);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 1.25 }}>
      {daysBetween(from, to).map((iso) => {
        const list = byDate.get(iso) ?? [];
        return (
          <Box key={iso} component="section" aria-label={formatLongDay(iso)} sx={{ minWidth: 0 }}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                px: 0.5,
                pb: 1,
                mb: 1.25,
                borderBottom: 2,
                borderColor: iso === today ? 'primary.main' : 'divider',
              }}
            >
              <Typography
                component="span"
                sx={{
                  fontSize: 13,
                  fontWeight: 'fontWeightBold',
                  color: iso === today ? 'primary.main' : 'text.secondary',
                  textTransform: 'uppercase',
                  letterSpacing: '0.06em',
                }}
              >
                {formatWeekdayShort(iso)}
              </Typography>
              <DayNumber iso={iso} today={today} />
            </Box>
            <Box sx={{ display: 'grid', gap: 1 }}>
              {list.length ? (
                list.map((c) => <ClassCard key={c.id} c={c} onOpen={onOpen} dense />)
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                  No classes
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Days as a list on narrow screens (and the day list under the month grid). */
export function DayList({
  days,
  classes,
  today,
  onOpen,
  showEmpty = true,
}: {
  days: string[];
  classes: readonly ScheduleClass[];
  today: string;
  onOpen: (c: ScheduleClass) => void;
  showEmpty?: boolean;
}) {
  const byDate = groupByDate(classes);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {days.map((iso) => {
        const list = byDate.get(iso) ?? [];
        if (!list.length && !showEmpty) return null;
        const rel = relativeDay(iso, today);
        return (
          <Box key={iso} component="section" aria-label={formatLongDay(iso)}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: list.length ? 1 : 0 }}>
              <Typography
                component="h3"
                sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 15, color: iso === today ? 'primary.main' : 'text.primary' }}
              >
                {formatDay(iso)}
              </Typography>
              {rel && (
                <Typography
                  component="span"
                  sx={{
                    fontSize: 12,
                    fontWeight: 'fontWeightBold',
                    color: 'primary.main',
                    textTransform: 'uppercase',
                    letterSpacing: '0.06em',
                  }}
                >
                  {rel}
                </Typography>
              )}
              {!list.length && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
                  No classes
                </Typography>
              )}
            </Box>
            {list.length > 0 && (
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {list.map((c) => (
                  <ClassCard key={c.id} c={c} onOpen={onOpen} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_CELL_LIMIT = 3;

/** A compact line for one class inside a month cell. */
function MonthEntry({ c, onOpen }: { c: ScheduleClass; onOpen: (c: ScheduleClass) => void }) {
  const accent = apparatusColor(c.blueprint.apparatus.name);
  const info = spotsInfo(c);
  return (
    <ButtonBase
      onClick={() => onOpen(c)}
      data-testid="class-card"
      data-class-id={c.id}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        font: 'inherit',
        borderRadius: '8px',
        px: 0.75,
        py: 0.5,
        bgcolor: alpha(accent, 0.08),
        textDecoration: c.status === 'cancelled' ? 'line-through' : 'none',
        '&:hover': { bgcolor: alpha(accent, 0.16) },
        '&.Mui-focusVisible': { outline: `2px solid ${accent}` },
      }}
    >
      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Box component="span" aria-hidden sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: accent, flexShrink: 0 }} />
        <Box component="span" sx={{ fontSize: 11.5, fontWeight: 'fontWeightBold', color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {formatTime(c.startTime)}
        </Box>
      </Box>
      <Box
        component="span"
        sx={{
          display: 'block',
          fontSize: 12.5,
          fontWeight: 'fontWeightBold',
          lineHeight: 1.3,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {c.blueprint.name}
      </Box>
      <Box
        component="span"
        sx={{
          display: 'block',
          fontSize: 11.5,
          fontWeight: 'fontWeightBold',
          color: spotsColors[info.tone].fg,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {info.label}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        , {c.blueprint.apparatus.name}, with {c.instructor.name}
      </Box>
    </ButtonBase>
  );
}

interface MonthProps {
  anchor: string;
  classes: readonly ScheduleClass[];
  today: string;
  compact: boolean;
  onOpen: (c: ScheduleClass) => void;
  onPickDay: (iso: string) => void;
  onShowWeek: (iso: string) => void;
}

/**
 * The month grid. Wide: each day lists up to three classes and a "+N more" link to that week. Narrow: days show
 * dots, and the chosen day's classes are listed under the grid.
 */
export function MonthGrid({ anchor, classes, today, compact, onOpen, onPickDay, onShowWeek }: MonthProps) {
  const { from, to } = visibleRange('month', anchor);
  const month = anchor.slice(0, 7);
  const byDate = groupByDate(classes);
  const days = daysBetween(from, to);
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
          border: 1,
          borderColor: 'divider',
          borderRadius: '14px',
          overflow: 'hidden',
          bgcolor: 'background.paper',
        }}
      >
        {WEEKDAYS.map((d) => (
          <Box
            key={d}
            aria-hidden
            sx={{
              py: 1,
              textAlign: 'center',
              fontSize: 12,
              fontWeight: 'fontWeightBold',
              color: 'text.secondary',
              textTransform: 'uppercase',
              letterSpacing: '0.06em',
              bgcolor: 'studio.surface.muted',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {compact ? d.charAt(0) : d}
          </Box>
        ))}
        {days.map((iso, i) => {
          const list = byDate.get(iso) ?? [];
          const outside = iso.slice(0, 7) !== month;
          const selected = compact && iso === anchor;
          const cellSx = {
            minWidth: 0,
            borderRight: (i + 1) % 7 ? 1 : 0,
            borderBottom: i < days.length - 7 ? 1 : 0,
            borderColor: 'divider',
            bgcolor: outside ? 'studio.surface.muted' : 'background.paper',
          } as const;
          if (compact) {
            return (
              <ButtonBase
                key={iso}
                onClick={() => onPickDay(iso)}
                aria-label={`${formatLongDay(iso)}: ${list.length ? `${list.length} ${list.length === 1 ? 'class' : 'classes'}` : 'no classes'}`}
                aria-pressed={selected}
                sx={{
                  ...cellSx,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'flex-start',
                  gap: 0.25,
                  py: 0.75,
                  minHeight: 56,
                  bgcolor: selected ? (t) => alpha(t.palette.primary.main, 0.1) : cellSx.bgcolor,
                  '&.Mui-focusVisible': { outline: (t) => `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
                }}
              >
                <DayNumber iso={iso} today={today} muted={outside} />
                <Box component="span" sx={{ display: 'flex', gap: 0.375, minHeight: 7 }}>
                  {list.slice(0, 3).map((c) => (
                    <Box
                      component="span"
                      key={c.id}
                      sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: apparatusColor(c.blueprint.apparatus.name) }}
                    />
                  ))}
                </Box>
              </ButtonBase>
            );
          }
          return (
            <Box
              key={iso}
              component="section"
              aria-label={formatLongDay(iso)}
              sx={{ ...cellSx, p: 0.75, minHeight: 118, display: 'flex', flexDirection: 'column', gap: 0.5 }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <DayNumber iso={iso} today={today} muted={outside} />
              </Box>
              {list.slice(0, MONTH_CELL_LIMIT).map((c) => (
                <MonthEntry key={c.id} c={c} onOpen={onOpen} />
              ))}
              {list.length > MONTH_CELL_LIMIT && (
                <ButtonBase
                  onClick={() => onShowWeek(iso)}
                  sx={{
                    alignSelf: 'flex-start',
                    fontFamily: 'inherit',
                    fontSize: 12,
                    fontWeight: 'fontWeightBold',
                    color: 'primary.main',
                    px: 0.75,
                    py: 0.25,
                    borderRadius: '6px',
                    '&:hover': { textDecoration: 'underline' },
                  }}
                >
                  +{list.length - MONTH_CELL_LIMIT} more
                </ButtonBase>
              )}
            </Box>
          );
        })}
      </Box>
      {compact && (
        <Box sx={{ mt: 2.5 }}>
          <DayList days={[anchor]} classes={classes} today={today} onOpen={onOpen} />
        </Box>
      )}
    </Box>
  );
}
